-- Labour and costs (src/docs/costs.md): a person's hourly rate, the hours recorded on tickets and
-- maintenance (each keeping the rate it was recorded at), and each stock move's unit cost at the time
-- of the move, so a later change of a part's cost does not rewrite what past work cost.
ALTER TABLE "users" ADD COLUMN "hourly_rate" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "stock_moves" ADD COLUMN "unit_cost" numeric(12, 2) DEFAULT NULL;--> statement-breakpoint
UPDATE "stock_moves" m SET "unit_cost" = p."unit_cost" FROM "parts" p WHERE p."id" = m."part_id";--> statement-breakpoint
ALTER TABLE "stock_moves" ALTER COLUMN "unit_cost" SET NOT NULL;--> statement-breakpoint
CREATE FUNCTION "stock_moves_fill_unit_cost"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A return from a piece of work gives back at what its issues to that work cost.
	IF NEW."unit_cost" IS NULL AND NEW."kind" = 'return' THEN
		SELECT round(sum("quantity" * "unit_cost") / nullif(sum("quantity"), 0), 2) INTO NEW."unit_cost"
		FROM "stock_moves"
		WHERE "kind" = 'issue' AND "part_id" = NEW."part_id"
			AND ("ticket_id" = NEW."ticket_id" OR "schedule_id" = NEW."schedule_id");
	END IF;
	IF NEW."unit_cost" IS NULL THEN
		SELECT "unit_cost" INTO NEW."unit_cost" FROM "parts" WHERE "id" = NEW."part_id";
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stock_moves_unit_cost" BEFORE INSERT ON "stock_moves"
	FOR EACH ROW EXECUTE FUNCTION "stock_moves_fill_unit_cost"();--> statement-breakpoint
CREATE TABLE "labour_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ticket_id" uuid REFERENCES "tickets"("id"),
	"schedule_id" uuid REFERENCES "schedules"("id"),
	"person_id" uuid NOT NULL REFERENCES "users"("id"),
	"hours" numeric(4, 2) NOT NULL,
	"worked_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"rate" numeric(10, 2) NOT NULL,
	"recorded_by" uuid REFERENCES "users"("id"),
	"client_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by" uuid REFERENCES "users"("id"),
	"deleted_at" timestamp with time zone,
	CONSTRAINT "labour_entries_one_work" CHECK (("ticket_id" IS NULL) <> ("schedule_id" IS NULL)),
	CONSTRAINT "labour_entries_hours" CHECK ("hours" > 0 AND "hours" <= 24)
);--> statement-breakpoint
CREATE INDEX "labour_entries_ticket_idx" ON "labour_entries" ("ticket_id") WHERE "labour_entries"."ticket_id" is not null;--> statement-breakpoint
CREATE INDEX "labour_entries_schedule_idx" ON "labour_entries" ("schedule_id") WHERE "labour_entries"."schedule_id" is not null;--> statement-breakpoint
CREATE INDEX "labour_entries_worked_on_idx" ON "labour_entries" ("worked_on");
