-- Admins manage users (src/docs/permissions.md): an account can be deactivated, a role asked for at
-- registration waits for approval, a password reset code is kept as a hash with its expiry, and a
-- user's changes are counted in version for the record history.
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "requested_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reset_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
