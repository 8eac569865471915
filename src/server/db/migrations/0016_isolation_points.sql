-- A machine's energy isolation points (src/docs/isolation-points.md): kind, where it is, how to isolate
-- it and how to verify zero energy, kept on the machine as one list.
ALTER TABLE "machines" ADD COLUMN "isolation_points" jsonb DEFAULT '[]'::jsonb NOT NULL;
