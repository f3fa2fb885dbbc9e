-- Who named a claim's language (lib/articles/prepare-article.ts languageFrom):
-- the detector, the importer, or the page's own declaration. Null for claims
-- imported before it was kept.
ALTER TABLE "claims" ADD COLUMN     "language_from" TEXT;
ALTER TABLE "claims" ADD CONSTRAINT "claims_language_from_check" CHECK ("language_from" IN ('detected', 'override', 'declared'));
