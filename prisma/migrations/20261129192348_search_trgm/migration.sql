-- Trigram search on claims.search_text: list search is `contains`
-- (LIKE '%word%'), which otherwise reads every claim. pg_trgm ships with
-- PostgreSQL (contrib) and is a trusted extension: the database owner may
-- create it without superuser rights. Written by hand; the Prisma schema
-- language cannot declare the extension without a preview feature.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "claims_search_text_trgm_idx" ON "claims" USING GIN ("search_text" gin_trgm_ops);
