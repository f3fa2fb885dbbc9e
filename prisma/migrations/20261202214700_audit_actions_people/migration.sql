-- Written by hand: the Prisma schema language cannot declare a CHECK constraint.
-- Re-creates audit_events_action_check with the account actions of the People
-- page (issue 15; lib/validation/audit-events.ts). Re-adding it reads every
-- existing row; no row is changed.
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
  'user.enabled',
  'user.role_changed',
  'user.invited',
  'user.invitation_revoked',
  'user.invitation_accepted',
  'user.password_reset_issued',
  'user.password_reset',
  'user.password_changed',
  'user.sessions_revoked',
  'auth.login_succeeded',
  'auth.login_failed',
  'export.produced',
  'story.grouped',
  'story.suggestion_confirmed',
  'story.suggestion_rejected',
  'story.article_moved',
  'story.split',
  'story.merged',
  'story.renamed',
  'figure.extracted',
  'figure.verdict_set',
  'figure.corrected',
  'figure.added',
  'figure.dismissed',
  'audit.key_rotated'
));
