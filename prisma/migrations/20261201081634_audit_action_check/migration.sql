-- Written by hand (`npm run db:migration -- audit_action_check --empty`): the
-- Prisma schema language cannot declare a CHECK constraint.
--
-- audit_events.action takes only the actions of the event contract, the zod
-- union in lib/audit/events.ts (AUDIT_ACTIONS). tests/integration/audit-contract.test.ts
-- compares this list with the union, so a new action fails the tests until a
-- migration drops and re-adds the constraint with it.
--
-- Adding the constraint reads every existing row and fails if one holds
-- another action; ALTER TABLE does not fire the append-only triggers, and no
-- row is changed.
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK ("action" IN (
  'claim.imported',
  'claim.updated',
  'claim.verdict_set',
  'claim.comment_added',
  'claim.assignment_changed',
  'user.created',
  'user.disabled',
  'auth.login_succeeded',
  'auth.login_failed',
  'export.produced'
));
