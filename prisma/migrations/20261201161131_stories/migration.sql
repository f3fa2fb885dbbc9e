-- AlterTable
ALTER TABLE "claims" ADD COLUMN     "story_id" UUID,
ADD COLUMN     "story_pinned" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "stories" (
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "custom_title" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "size" INTEGER NOT NULL DEFAULT 0,
    "decided" INTEGER NOT NULL DEFAULT 0,
    "merged_into_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "stories_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "story_evidence" (
    "claim_id" UUID NOT NULL,
    "version" SMALLINT NOT NULL,
    "evidence" JSONB NOT NULL,

    CONSTRAINT "story_evidence_pkey" PRIMARY KEY ("claim_id")
);

-- CreateTable
CREATE TABLE "story_evidence_keys" (
    "key" TEXT NOT NULL,
    "claim_id" UUID NOT NULL,

    CONSTRAINT "story_evidence_keys_pkey" PRIMARY KEY ("key","claim_id")
);

-- CreateTable
CREATE TABLE "story_key_stats" (
    "key" TEXT NOT NULL,
    "df" INTEGER NOT NULL,
    "name_df" INTEGER NOT NULL,

    CONSTRAINT "story_key_stats_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "story_links" (
    "a" UUID NOT NULL,
    "b" UUID NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "shared" JSONB NOT NULL,
    "version" SMALLINT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "story_links_pkey" PRIMARY KEY ("a","b")
);

-- CreateTable
CREATE TABLE "story_apart" (
    "a" UUID NOT NULL,
    "b" UUID NOT NULL,
    "cause" TEXT NOT NULL,
    "decided_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "story_apart_pkey" PRIMARY KEY ("a","b")
);

-- CreateTable
CREATE TABLE "story_suggestions" (
    "id" UUID NOT NULL,
    "story_a_id" UUID NOT NULL,
    "story_b_id" UUID NOT NULL,
    "score" DOUBLE PRECISION NOT NULL,
    "pairs" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decided_at" TIMESTAMPTZ(3),
    "decided_by_id" UUID,

    CONSTRAINT "story_suggestions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "stories_updated_at_id_idx" ON "stories"("updated_at" DESC, "id");

-- CreateIndex
CREATE INDEX "story_evidence_keys_claim_id_idx" ON "story_evidence_keys"("claim_id");

-- CreateIndex
CREATE INDEX "story_links_b_idx" ON "story_links"("b");

-- CreateIndex
CREATE INDEX "story_apart_b_idx" ON "story_apart"("b");

-- CreateIndex
CREATE INDEX "story_suggestions_story_a_id_status_idx" ON "story_suggestions"("story_a_id", "status");

-- CreateIndex
CREATE INDEX "story_suggestions_story_b_id_status_idx" ON "story_suggestions"("story_b_id", "status");

-- CreateIndex
CREATE INDEX "claims_story_id_updated_at_id_idx" ON "claims"("story_id", "updated_at" DESC, "id");

-- AddForeignKey
ALTER TABLE "claims" ADD CONSTRAINT "claims_story_id_fkey" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "story_evidence" ADD CONSTRAINT "story_evidence_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Added by hand: what the schema language cannot say.
-- A pair is stored once, smaller id first.
ALTER TABLE "story_links" ADD CONSTRAINT "story_links_order_check" CHECK ("a" < "b");
ALTER TABLE "story_apart" ADD CONSTRAINT "story_apart_order_check" CHECK ("a" < "b");
ALTER TABLE "story_apart" ADD CONSTRAINT "story_apart_cause_check" CHECK ("cause" IN ('rejected', 'split', 'moved'));
ALTER TABLE "story_suggestions" ADD CONSTRAINT "story_suggestions_order_check" CHECK ("story_a_id" < "story_b_id");
ALTER TABLE "story_suggestions" ADD CONSTRAINT "story_suggestions_status_check" CHECK ("status" IN ('pending', 'confirmed', 'rejected'));
ALTER TABLE "stories" ADD CONSTRAINT "stories_counts_check" CHECK ("size" >= 0 AND "decided" >= 0 AND "decided" <= "size");
-- At most one pending suggestion per pair of stories; decided ones stay as the record.
CREATE UNIQUE INDEX "story_suggestions_pending_pair_key" ON "story_suggestions"("story_a_id", "story_b_id") WHERE "status" = 'pending';

-- The story actions join the audit trail's CHECK (lib/validation/audit-events.ts).
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
