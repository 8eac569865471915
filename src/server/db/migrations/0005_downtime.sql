-- Machine status changes as the devices made them (changed_at is the device's time), and the downtime
-- events derived from them: a stop opens with the first Down or Maintenance after an up status (Running,
-- Idle) and closes with the next up status, in device time (src/docs/downtime.md).
CREATE TABLE "machine_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"machine_id" uuid NOT NULL REFERENCES "machines"("id"),
	"status" text NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"reason_category" text,
	"reason_detail" text,
	"ticket_id" uuid REFERENCES "tickets"("id"),
	"user_id" uuid REFERENCES "users"("id"),
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "machine_status_changes_machine_idx" ON "machine_status_changes" ("machine_id","changed_at");--> statement-breakpoint
CREATE TABLE "downtime_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"machine_id" uuid NOT NULL REFERENCES "machines"("id"),
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"reason_category" text,
	"reason_detail" text,
	"ticket_id" uuid REFERENCES "tickets"("id")
);--> statement-breakpoint
CREATE INDEX "downtime_events_machine_idx" ON "downtime_events" ("machine_id","started_at");--> statement-breakpoint
CREATE INDEX "downtime_events_started_idx" ON "downtime_events" ("started_at");--> statement-breakpoint
CREATE INDEX "downtime_events_open_idx" ON "downtime_events" ("ended_at");
