-- Each user's notifications (src/docs/inbox.md): written with the change that causes them, delivered
-- by the change feed (change_seq like the synced records), read state shared by the user's devices.
CREATE TABLE "inbox_entries" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"entity" text,
	"record_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"by_id" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"change_seq" bigint NOT NULL,
	CONSTRAINT "inbox_entries_user_id_key_pk" PRIMARY KEY("user_id","key")
);--> statement-breakpoint
CREATE INDEX "inbox_entries_change_seq_idx" ON "inbox_entries" ("change_seq");
