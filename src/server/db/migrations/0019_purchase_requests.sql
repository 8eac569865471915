-- Purchase requests (src/docs/parts.md, "Reorder and purchase requests"): a part to buy, approved by an
-- admin, received into a bin as receipt moves of the stock ledger that name the request.
CREATE TABLE "purchase_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"part_id" uuid NOT NULL REFERENCES "parts"("id"),
	"quantity" numeric(14, 3) NOT NULL,
	"supplier" text NOT NULL,
	"needed_by" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Requested' NOT NULL,
	"requested_by" uuid REFERENCES "users"("id"),
	"decided_by" uuid REFERENCES "users"("id"),
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "purchase_requests_part_idx" ON "purchase_requests" ("part_id");--> statement-breakpoint
CREATE INDEX "purchase_requests_status_idx" ON "purchase_requests" ("status","created_at" DESC);--> statement-breakpoint
ALTER TABLE "stock_moves" ADD COLUMN "purchase_request_id" uuid REFERENCES "purchase_requests"("id");--> statement-breakpoint
CREATE INDEX "stock_moves_purchase_request_idx" ON "stock_moves" ("purchase_request_id") WHERE "stock_moves"."purchase_request_id" is not null;
