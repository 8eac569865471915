-- Shift handovers (src/docs/shift-handover.md): one per department and shift, written by the outgoing
-- shift with the list the server made for it, acknowledged by the incoming shift.
CREATE TABLE "handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"department" text NOT NULL,
	"shift_start" timestamp with time zone NOT NULL,
	"shift_end" timestamp with time zone NOT NULL,
	"shift_label" text NOT NULL,
	"shift_day" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"contents" jsonb NOT NULL,
	"written_by" uuid REFERENCES "users"("id"),
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_by" uuid REFERENCES "users"("id"),
	"acknowledged_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_department_shift_idx" ON "handovers" ("department","shift_start");--> statement-breakpoint
CREATE INDEX "handovers_shift_idx" ON "handovers" ("shift_start" DESC);
