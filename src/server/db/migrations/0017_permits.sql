-- Permits to work (src/docs/permits.md): a permit for a ticket or a schedule on one machine, and the
-- locks applied on the machine's isolation points under it (one lock not removed per point and permit).
CREATE SEQUENCE "public"."permit_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "permits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('permit_number_seq') NOT NULL,
	"permit_number" text GENERATED ALWAYS AS ('PTW-' || lpad(number::text, 6, '0')) STORED NOT NULL,
	"machine_id" uuid NOT NULL REFERENCES "machines"("id"),
	"ticket_id" uuid REFERENCES "tickets"("id"),
	"schedule_id" uuid REFERENCES "schedules"("id"),
	"type" text NOT NULL,
	"status" text DEFAULT 'Requested' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"gas_test" text,
	"fire_watch" text,
	"fire_watch_until" timestamp with time zone,
	"requested_by" uuid REFERENCES "users"("id"),
	"approved_by" uuid REFERENCES "users"("id"),
	"approved_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "permits_number_unique" UNIQUE("number")
);--> statement-breakpoint
CREATE INDEX "permits_machine_idx" ON "permits" ("machine_id","created_at" DESC);--> statement-breakpoint
CREATE INDEX "permits_status_idx" ON "permits" ("status","created_at" DESC);--> statement-breakpoint
CREATE INDEX "permits_created_idx" ON "permits" ("created_at" DESC,"id");--> statement-breakpoint
CREATE TABLE "permit_locks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"permit_id" uuid NOT NULL REFERENCES "permits"("id"),
	"point_id" uuid NOT NULL,
	"lock_number" text NOT NULL,
	"verified" boolean NOT NULL,
	"applied_by" uuid REFERENCES "users"("id"),
	"applied_at" timestamp with time zone NOT NULL,
	"removed_by" uuid REFERENCES "users"("id"),
	"removed_at" timestamp with time zone,
	"removal_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "permit_locks_permit_idx" ON "permit_locks" ("permit_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "permit_locks_point_on_idx" ON "permit_locks" ("permit_id","point_id") WHERE "permit_locks"."removed_at" is null;
