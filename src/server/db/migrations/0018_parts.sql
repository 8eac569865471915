-- Parts and stores (src/docs/parts.md): storerooms and their bins, parts, the stock ledger (one row per
-- move, applied once per client id; on hand is the sum of the moves per part and bin, never stored)
-- and the parts planned for tickets and schedules.
CREATE TABLE "storerooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"created_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storerooms_name_unique" UNIQUE("name")
);--> statement-breakpoint
CREATE TABLE "bins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storeroom_id" uuid NOT NULL REFERENCES "storerooms"("id"),
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "bins_storeroom_code_idx" ON "bins" ("storeroom_id","code");--> statement-breakpoint
CREATE TABLE "parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"part_number" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" text NOT NULL,
	"unit_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"min_stock" numeric(14, 3) DEFAULT 0 NOT NULL,
	"max_stock" numeric(14, 3) DEFAULT 0 NOT NULL,
	"machine_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"photo_id" uuid REFERENCES "files"("id") ON DELETE SET NULL,
	"search_text" text GENERATED ALWAYS AS (lower(part_number || ' ' || name || ' ' || description)) STORED NOT NULL,
	"created_by" uuid REFERENCES "users"("id"),
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parts_part_number_unique" UNIQUE("part_number")
);--> statement-breakpoint
CREATE INDEX "parts_search_idx" ON "parts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "parts_machines_idx" ON "parts" USING gin ("machine_ids");--> statement-breakpoint
CREATE TABLE "stock_moves" (
	"id" uuid PRIMARY KEY NOT NULL,
	"part_id" uuid NOT NULL REFERENCES "parts"("id"),
	"kind" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"change" numeric(14, 3),
	"bin_id" uuid NOT NULL REFERENCES "bins"("id"),
	"to_bin_id" uuid REFERENCES "bins"("id"),
	"ticket_id" uuid REFERENCES "tickets"("id"),
	"schedule_id" uuid REFERENCES "schedules"("id"),
	"reason" text,
	"moved_by" uuid REFERENCES "users"("id"),
	"client_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moved_at" timestamp with time zone GENERATED ALWAYS AS (coalesce(client_time, created_at)) STORED NOT NULL
);--> statement-breakpoint
CREATE INDEX "stock_moves_part_bin_idx" ON "stock_moves" ("part_id","bin_id");--> statement-breakpoint
CREATE INDEX "stock_moves_part_to_bin_idx" ON "stock_moves" ("part_id","to_bin_id") WHERE "stock_moves"."to_bin_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_moves_part_moved_idx" ON "stock_moves" ("part_id","moved_at" DESC);--> statement-breakpoint
CREATE INDEX "stock_moves_moved_idx" ON "stock_moves" ("moved_at" DESC,"id");--> statement-breakpoint
CREATE INDEX "stock_moves_ticket_idx" ON "stock_moves" ("ticket_id") WHERE "stock_moves"."ticket_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_moves_schedule_idx" ON "stock_moves" ("schedule_id") WHERE "stock_moves"."schedule_id" is not null;--> statement-breakpoint
CREATE TABLE "part_reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"part_id" uuid NOT NULL REFERENCES "parts"("id"),
	"quantity" numeric(14, 3) NOT NULL,
	"bin_id" uuid REFERENCES "bins"("id"),
	"ticket_id" uuid REFERENCES "tickets"("id"),
	"schedule_id" uuid REFERENCES "schedules"("id"),
	"reserved_by" uuid REFERENCES "users"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" uuid REFERENCES "users"("id"),
	"released_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "part_reservations_part_idx" ON "part_reservations" ("part_id") WHERE "part_reservations"."released_at" is null;--> statement-breakpoint
CREATE INDEX "part_reservations_ticket_idx" ON "part_reservations" ("ticket_id") WHERE "part_reservations"."ticket_id" is not null;--> statement-breakpoint
CREATE INDEX "part_reservations_schedule_idx" ON "part_reservations" ("schedule_id") WHERE "part_reservations"."schedule_id" is not null;
