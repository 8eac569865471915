-- A stop reason may carry the operator's note, and a machine carries its open stop (since when, why,
-- which ticket), so every device shows how long it has been down and asks to bring it back up when that
-- ticket is resolved (src/docs/downtime.md). Machines stopped now get theirs and a new change_seq, so
-- devices pull them again.
ALTER TABLE "machine_status_changes" ADD COLUMN "reason_note" text;--> statement-breakpoint
ALTER TABLE "downtime_events" ADD COLUMN "reason_note" text;--> statement-breakpoint
ALTER TABLE "machines" ADD COLUMN "current_stop" jsonb;--> statement-breakpoint
UPDATE "machines" AS m SET
  "current_stop" = jsonb_build_object(
    'since', to_char(e."started_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'reason', CASE WHEN e."reason_category" IS NULL THEN NULL ELSE jsonb_build_object(
      'category', e."reason_category", 'detail', e."reason_detail", 'note', NULL) END,
    'ticket', e."ticket_id"),
  "version" = m."version" + 1,
  "change_seq" = nextval('change_seq')
FROM "downtime_events" AS e
WHERE e."machine_id" = m."id" AND e."ended_at" IS NULL;
