-- Recurring and meter-based maintenance (src/docs/recurrence.md): a schedule may repeat, its occurrences
-- share a series, and a meter-based occurrence is due at an operating-hours threshold. Hour-meter readings
-- are kept as the devices sent them; a machine's operating_hours follows the latest.
ALTER TABLE "schedules" ADD COLUMN "recurrence" jsonb;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "series_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "due_hours" double precision;--> statement-breakpoint
CREATE INDEX "schedules_series_idx" ON "schedules" ("series_id");--> statement-breakpoint
CREATE INDEX "schedules_meter_idx" ON "schedules" ("machine_id") WHERE "due_hours" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "machine_readings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"machine_id" uuid NOT NULL REFERENCES "machines"("id"),
	"hours" double precision NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"user_id" uuid REFERENCES "users"("id"),
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "machine_readings_machine_idx" ON "machine_readings" ("machine_id","read_at");
