CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "novels" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION novels_search_text() RETURNS trigger AS $$
BEGIN
  NEW.search_text := lower(
    coalesce(NEW.title, '') || ' ' ||
    coalesce((SELECT name FROM authors WHERE id = NEW.author_id), '') || ' ' ||
    coalesce((SELECT string_agg(value, ' ') FROM jsonb_array_elements_text(NEW.tags)), '') || ' ' ||
    coalesce(NEW.summary, ''));
  RETURN NEW;
END
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER novels_search_text BEFORE INSERT OR UPDATE OF title, author_id, tags, summary ON novels
  FOR EACH ROW EXECUTE FUNCTION novels_search_text();--> statement-breakpoint
UPDATE novels SET title = title;--> statement-breakpoint
CREATE INDEX "novels_search_trgm_idx" ON "novels" USING gin ("search_text" gin_trgm_ops);
