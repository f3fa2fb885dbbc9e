-- People (issue 15): single-use invitation and password-reset links, stored as
-- SHA-256 hashes only, and the audit actions of managing accounts in the browser.
-- CreateEnum
CREATE TYPE "InvitationKind" AS ENUM ('invite', 'reset');

-- CreateTable
CREATE TABLE "invitations" (
    "id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "kind" "InvitationKind" NOT NULL,
    "email" TEXT NOT NULL,
    "display_name" TEXT NOT NULL,
    "role" "Role",
    "user_id" UUID,
    "created_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations"("token_hash");

-- CreateIndex
CREATE INDEX "invitations_email_created_at_idx" ON "invitations"("email", "created_at");

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_fkey" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Written by hand: re-creates audit_events_action_check with the account
-- actions (lib/validation/audit-events.ts). Re-adding it reads every existing
-- row; no row is changed.
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
