-- Work requests from anyone on the plant network (src/docs/work-requests.md). A hazard keeps only its
-- code and status here: the near miss it became holds no link back to it.
CREATE TABLE "work_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL UNIQUE,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"machine_id" uuid REFERENCES "machines"("id") ON DELETE SET NULL,
	"description" text,
	"location" text,
	"urgency" text NOT NULL,
	"name" text,
	"contact" text,
	"photo_id" uuid REFERENCES "files"("id") ON DELETE SET NULL,
	"ticket_id" uuid REFERENCES "tickets"("id") ON DELETE SET NULL,
	"reason" text,
	"triaged_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
	"triaged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "work_requests_open_idx" ON "work_requests" ("created_at" DESC) WHERE "status" = 'New';
--> statement-breakpoint
CREATE INDEX "work_requests_ticket_idx" ON "work_requests" ("ticket_id");
--> statement-breakpoint
-- The request a ticket was opened from.
ALTER TABLE "tickets" ADD COLUMN "request_id" uuid REFERENCES "work_requests"("id");
