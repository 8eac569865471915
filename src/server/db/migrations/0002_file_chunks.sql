CREATE TABLE "file_chunks" (
	"blob_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_chunks_blob_id_seq_pk" PRIMARY KEY("blob_id","seq")
);
--> statement-breakpoint
CREATE INDEX "file_chunks_created_idx" ON "file_chunks" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "blob_id" uuid;--> statement-breakpoint
UPDATE "files" SET "blob_id" = "id";--> statement-breakpoint
INSERT INTO "file_chunks" ("blob_id", "seq", "data", "created_at") SELECT "id", 0, "data", "created_at" FROM "files";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "blob_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" DROP COLUMN "data";--> statement-breakpoint
CREATE INDEX "files_blob_idx" ON "files" USING btree ("blob_id");
