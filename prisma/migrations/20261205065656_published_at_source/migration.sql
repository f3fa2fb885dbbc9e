-- Where a claim's published date came from (lib/articles/published-at-source.ts):
-- the page's metadata, an importer's correction on the form or API, the CLI
-- (front matter or --published), or nothing ('import': published_at is null
-- and the import day stands in, shown as such). Text, not an enum: the list
-- lives once, in lib/validation/articles.ts.
ALTER TABLE "claims" ADD COLUMN     "published_at_source" TEXT NOT NULL DEFAULT 'import';

-- Before this column a date came from the page or from a correction, and which
-- was not kept; the page is the common case. Undated claims keep 'import'.
UPDATE "claims" SET "published_at_source" = 'page' WHERE "published_at" IS NOT NULL;
