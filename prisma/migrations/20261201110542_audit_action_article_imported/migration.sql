-- Written by hand (`npm run db:migration -- audit_action_article_imported --empty`),
-- like 20261201081634_audit_action_check: the Prisma schema language cannot
-- declare a CHECK constraint.
--
-- Adds 'article.imported' (lib/audit/events.ts: an article imported through
-- the import pipeline, lib/claims/import-article.ts) to the actions
-- audit_events.action may hold. The constraint is re-created whole; IF EXISTS
-- lets this run on a database whose constraint was dropped by hand.
-- Re-adding it reads every existing row; no row is changed.
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
  'export.produced'
));
