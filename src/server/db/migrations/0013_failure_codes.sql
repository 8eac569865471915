-- Failure codes (src/docs/failure-codes.md): the problem, cause and remedy a corrective repair
-- recorded when it was resolved.
ALTER TABLE "tickets" ADD COLUMN "failure" jsonb;
