-- Trigram search on claims.search_text: list search is `contains`
-- (LIKE '%word%'), which otherwise reads every claim. pg_trgm ships with
-- PostgreSQL (contrib) and is a trusted extension: the database owner may
-- create it without superuser rights. Written by hand; the Prisma schema
-- language cannot declare the extension without a preview feature.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
-- Building it blocks writes to claims for a while on a large desk (about 20 s
-- at 100,000 claims on 2 cores). Migrations run in one transaction, which
-- rules out CONCURRENTLY here; on a large live desk, run first
--   CREATE INDEX CONCURRENTLY claims_search_text_trgm_idx ON claims USING GIN (search_text gin_trgm_ops);
-- and this statement then finds it and does nothing.
CREATE INDEX IF NOT EXISTS "claims_search_text_trgm_idx" ON "claims" USING GIN ("search_text" gin_trgm_ops);
