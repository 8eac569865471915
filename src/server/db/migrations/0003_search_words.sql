-- Search by word prefix (src/shared/search-words.ts): search_text is ' <number words> <text words> ', so one
-- query word matches with LIKE '% word%'. The app writes the text words (search_words) with the shared
-- tokenizer; rows written by SQL alone (older rows, the seeds) fall back to an approximation: it splits on ASCII
-- and common Unicode punctuation and symbols (Latin-1, general punctuation, arrows, maths, box drawing, CJK
-- punctuation) and lower-cases as the database's collation does.
ALTER TABLE "tickets" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "search_words" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "search_text" text GENERATED ALWAYS AS (' tkt ' || lpad(number::text, 6, '0') || ' ' || number::text || ' ' || coalesce(search_words, lower(regexp_replace(title || ' ' || description, '[^0-9A-Za-z\u00AA\u00B2\u00B3\u00B5\u00B9\u00BA\u00BC-\u00BE\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u1FFF\u2070-\u218F\u2460-\u24FF\u2C00-\u2DFF\u2E80-\u2FFF\u3040-\uFFEF\U00010000-\U0010FFFF]+', ' ', 'g'))) || ' ') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_search_idx" ON "tickets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "incidents" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "search_words" text;--> statement-breakpoint
ALTER TABLE "incidents" ADD COLUMN "search_text" text GENERATED ALWAYS AS (' inc ' || lpad(number::text, 6, '0') || ' ' || number::text || ' ' || coalesce(search_words, lower(regexp_replace(title || ' ' || description || ' ' || location, '[^0-9A-Za-z\u00AA\u00B2\u00B3\u00B5\u00B9\u00BA\u00BC-\u00BE\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u1FFF\u2070-\u218F\u2460-\u24FF\u2C00-\u2DFF\u2E80-\u2FFF\u3040-\uFFEF\U00010000-\U0010FFFF]+', ' ', 'g'))) || ' ') STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "incidents_search_idx" ON "incidents" USING gin ("search_text" gin_trgm_ops);
