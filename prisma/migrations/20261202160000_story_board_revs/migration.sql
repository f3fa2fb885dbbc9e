-- The figures board's cache stamp (lib/figures/desk/board-cache.ts): a
-- counter per story that moves, in the same transaction, with every change
-- to what the story's board shows: a figure added, changed or deleted, an
-- article joining or leaving the story or changing its text, title,
-- language, outlet or date, a reviewer renamed. Written by the triggers
-- below (by hand: the schema language has no triggers), so no code path can
-- change a board and forget it. Row locks on the counter serialise bumps, so
-- a reader that sees a revision sees every change committed before it.

-- CreateTable
CREATE TABLE "story_board_revs" (
    "story_id" UUID NOT NULL,
    "rev" BIGINT NOT NULL DEFAULT 1,

    CONSTRAINT "story_board_revs_pkey" PRIMARY KEY ("story_id")
);

-- Story ids in a fixed order, so two transactions take the counters' locks in the same order.
CREATE FUNCTION bump_story_board_revs(story_ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO "story_board_revs" AS r ("story_id", "rev")
  SELECT s, 1 FROM (SELECT DISTINCT s FROM unnest(story_ids) AS s WHERE s IS NOT NULL) AS d ORDER BY s
  ON CONFLICT ("story_id") DO UPDATE SET "rev" = r."rev" + 1;
$$;

CREATE FUNCTION figures_bump_story_board_revs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_story_board_revs(ARRAY(SELECT c."story_id" FROM new_rows n JOIN "claims" c ON c."id" = n."claim_id"));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_story_board_revs(ARRAY(SELECT c."story_id" FROM old_rows o JOIN "claims" c ON c."id" = o."claim_id"));
  ELSE
    PERFORM bump_story_board_revs(ARRAY(
      SELECT c."story_id" FROM new_rows n JOIN "claims" c ON c."id" = n."claim_id"
      UNION SELECT c."story_id" FROM old_rows o JOIN "claims" c ON c."id" = o."claim_id"));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER figures_board_rev_insert AFTER INSERT ON "figures"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figures_bump_story_board_revs();
CREATE TRIGGER figures_board_rev_update AFTER UPDATE ON "figures"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION figures_bump_story_board_revs();
CREATE TRIGGER figures_board_rev_delete AFTER DELETE ON "figures"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION figures_bump_story_board_revs();

-- An article's columns a board shows (FIGURE_CLAIM_SELECT), and its story.
CREATE FUNCTION claims_bump_story_board_revs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_story_board_revs(ARRAY(SELECT n."story_id" FROM new_rows n));
  ELSE
    PERFORM bump_story_board_revs(ARRAY(
      SELECT s FROM old_rows o JOIN new_rows n ON n."id" = o."id",
        LATERAL (VALUES (o."story_id"), (n."story_id")) AS v(s)
       WHERE o."story_id" IS DISTINCT FROM n."story_id" OR o."body" IS DISTINCT FROM n."body"
          OR o."title" IS DISTINCT FROM n."title" OR o."language" IS DISTINCT FROM n."language"
          OR o."outlet" IS DISTINCT FROM n."outlet" OR o."published_at" IS DISTINCT FROM n."published_at"));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER claims_board_rev_insert AFTER INSERT ON "claims"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION claims_bump_story_board_revs();
CREATE TRIGGER claims_board_rev_update AFTER UPDATE ON "claims"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION claims_bump_story_board_revs();

-- A board names who gave each figure's verdict.
CREATE FUNCTION users_bump_story_board_revs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_story_board_revs(ARRAY(
    SELECT c."story_id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
      JOIN "figures" f ON f."decided_by_id" = n."id" JOIN "claims" c ON c."id" = f."claim_id"
     WHERE o."display_name" IS DISTINCT FROM n."display_name"));
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_board_rev_update AFTER UPDATE ON "users"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_bump_story_board_revs();
