-- A verdict's database work in one round trip (issue 16): lock, version check,
-- update, the story's decided count and the end of the audit chain, called by
-- lib/claims/set-verdict.ts inside its transaction, which then appends the
-- audit event (its hash is computed by the app, lib/audit/hash.ts) and commits.
--
-- The locks are taken in the app's order (lib/stories/desk/lock.ts): the story
-- lock shared, the claim's row, then the audit chain's lock. The chain end is
-- read after that lock by a statement of its own: in a VOLATILE function every
-- statement takes a fresh snapshot, so it sees the event committed by whoever
-- held the lock before (a single statement's snapshot would predate the lock).
--
-- Rows come back as JSON with the columns' own names; the app maps them
-- (lib/claims/verdict-sql.ts) and a test holds that mapping equal to Prisma's.
CREATE FUNCTION factdesk_set_verdict(
  p_claim uuid,
  p_expected integer,
  p_status "ClaimStatus",
  p_reason text,
  p_evidence jsonb,
  p_re_review_at timestamptz,
  p_actor uuid,
  p_now timestamptz,
  p_story_lock bigint,
  p_chain_lock bigint
) RETURNS TABLE (outcome text, before jsonb, after jsonb, decided_by jsonb, assignee jsonb, near_duplicate_of jsonb, prev_seq bigint, prev_hash text)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  b claims;
  a claims;
  delta integer;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(p_story_lock);
  SELECT * INTO b FROM claims WHERE id = p_claim FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'missing';
    RETURN NEXT;
    RETURN;
  END IF;
  IF b.version <> p_expected THEN
    a := b;
    outcome := 'conflict';
  ELSE
    UPDATE claims SET
      status = p_status,
      reason = p_reason,
      evidence = p_evidence,
      re_review_at = p_re_review_at,
      decided_at = p_now,
      decided_by_id = p_actor,
      version = version + 1,
      updated_at = p_now
    WHERE id = p_claim
    RETURNING * INTO a;
    delta := (a.status <> 'unreviewed')::integer - (b.status <> 'unreviewed')::integer;
    IF delta <> 0 AND a.story_id IS NOT NULL THEN
      UPDATE stories SET decided = decided + delta WHERE id = a.story_id;
    END IF;
    PERFORM pg_advisory_xact_lock(p_chain_lock);
    SELECT e.seq, e.hash INTO prev_seq, prev_hash FROM audit_events e ORDER BY e.seq DESC LIMIT 1;
    outcome := 'ok';
    before := to_jsonb(b) - 'search_text' - 'body' - 'boilerplate';
  END IF;
  after := to_jsonb(a) - 'search_text';
  decided_by := (SELECT jsonb_build_object('id', u.id, 'display_name', u.display_name, 'email', u.email) FROM users u WHERE u.id = a.decided_by_id);
  assignee := (SELECT jsonb_build_object('id', u.id, 'display_name', u.display_name, 'email', u.email) FROM users u WHERE u.id = a.assignee_id);
  near_duplicate_of := (SELECT jsonb_build_object('id', c.id, 'title', c.title, 'language', c.language) FROM claims c WHERE c.id = a.near_duplicate_of_id);
  RETURN NEXT;
END;
$$;
