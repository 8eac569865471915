-- Checklists that act (src/docs/checklists.md): a ticket may come from a failed checklist item of a
-- schedule, and a completed schedule records who completed it. Item results live in the checklist jsonb.
ALTER TABLE "tickets" ADD COLUMN "source_schedule_id" uuid REFERENCES "schedules"("id");--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "source_item_id" uuid;--> statement-breakpoint
CREATE INDEX "tickets_source_idx" ON "tickets" ("source_schedule_id","source_item_id") WHERE "source_schedule_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "completed_by" uuid REFERENCES "users"("id");
