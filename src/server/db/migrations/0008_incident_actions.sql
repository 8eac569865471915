-- Investigations with corrective and preventive actions (src/docs/corrective-actions.md): both live on
-- the incident as jsonb, so they travel with it through the change feed; an action may raise a ticket.
ALTER TABLE "incidents" ADD COLUMN "investigation" jsonb DEFAULT '{"rootCause":"","whys":[],"contributingFactors":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "actions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "source_incident_id" uuid REFERENCES "incidents"("id");--> statement-breakpoint
CREATE INDEX "tickets_source_incident_idx" ON "tickets" ("source_incident_id","source_item_id") WHERE "source_incident_id" IS NOT NULL;
