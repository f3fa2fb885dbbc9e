-- Written by hand, like 20261201110542_audit_action_article_imported: the
-- Prisma schema language cannot declare a CHECK constraint.
--
-- Re-creates audit_events_action_check with the same actions as
-- 20261201161131_stories, which added the story.* actions inside a migration
-- that also creates the story tables and so cannot run twice. The constraint
-- keeps a migration of its own, as every change of the actions does:
-- tests/integration/audit-contract.test.ts re-applies the latest one on a desk
-- that holds rows of every action. Re-adding it reads every existing row; no
-- row is changed.
ALTER TABLE "audit_events" DROP CONSTRAINT IF EXISTS "audit_events_action_check";
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("action" IN (
  'claim.imported',
  'claim.updated',
  'article.imported',
  'claim.verdict_set',
  'claim.comment_added',
  'claim.assignment_changed',
  'user.created',
  'user.disabled',
  'auth.login_succeeded',
  'auth.login_failed',
  'export.produced',
  'story.grouped',
  'story.suggestion_confirmed',
  'story.suggestion_rejected',
  'story.article_moved',
  'story.split',
  'story.merged',
  'story.renamed'
));
