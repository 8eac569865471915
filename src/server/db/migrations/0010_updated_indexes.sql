-- The working set of a device is open work plus what changed within its window (src/shared/working-set.ts):
-- a first sync and the list of older records read tickets and incidents by their last change.
CREATE INDEX "tickets_updated_idx" ON "tickets" ("updated_at");--> statement-breakpoint
CREATE INDEX "incidents_updated_idx" ON "incidents" ("updated_at");
