-- Search by word prefix (src/shared/search-words.ts): search_text is ' <number words> <text words> ', so one
-- query word matches with LIKE '% word%'. The app writes the text words (search_words) with the shared
-- tokenizer; rows written by SQL alone (older rows, the volume seed) fall back to an approximation that splits
-- on ASCII punctuation and lower-cases as the database's collation does.
ALTER TABLE "tickets" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "search_words" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "search_text" text GENERATED ALWAYS AS (' tkt ' || lpad(number::text, 6, '0') || ' ' || number::text || ' ' || coalesce(search_words, lower(regexp_replace(title || ' ' || description, '[^0-9A-Za-z\u0080-\U0010FFFF]+', ' ', 'g'))) || ' ') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "incidents" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "search_words" text;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "search_text" text GENERATED ALWAYS AS (' inc ' || lpad(number::text, 6, '0') || ' ' || number::text || ' ' || coalesce(search_words, lower(regexp_replace(title || ' ' || description || ' ' || location, '[^0-9A-Za-z\u0080-\U0010FFFF]+', ' ', 'g'))) || ' ') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "incidents_search_idx" ON "incidents" USING gin ("search_text" gin_trgm_ops);
