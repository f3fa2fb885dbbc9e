-- AlterTable
ALTER TABLE "claims" ADD COLUMN     "figures_version" SMALLINT;

-- CreateTable
CREATE TABLE "figures" (
    "id" UUID NOT NULL,
    "claim_id" UUID NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "origin" TEXT NOT NULL DEFAULT 'extracted',
    "value" DOUBLE PRECISION,
    "min_value" DOUBLE PRECISION,
    "max_value" DOUBLE PRECISION,
    "qualifier" TEXT NOT NULL,
    "approximate" BOOLEAN NOT NULL DEFAULT false,
    "unit" TEXT,
    "counted" TEXT NOT NULL,
    "counted_text" TEXT,
    "attribution" TEXT,
    "source" TEXT,
    "relayed_by" TEXT,
    "time_text" TEXT,
    "time_date" DATE,
    "span_start" INTEGER NOT NULL,
    "span_end" INTEGER NOT NULL,
    "sentence_start" INTEGER NOT NULL,
    "sentence_end" INTEGER NOT NULL,
    "superseded_by_id" UUID,
    "corrected_fields" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "dismissed_at" TIMESTAMPTZ(3),
    "extractor_version" SMALLINT,
    "status" "ClaimStatus" NOT NULL DEFAULT 'unreviewed',
    "version" INTEGER NOT NULL DEFAULT 1,
    "reason" TEXT,
    "evidence" JSONB NOT NULL DEFAULT '[]',
    "re_review_at" TIMESTAMPTZ(3),
    "decided_by_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "figures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "figures_claim_id_ordinal_idx" ON "figures"("claim_id", "ordinal");

-- CreateIndex
CREATE INDEX "figures_counted_idx" ON "figures"("counted");

-- CreateIndex
CREATE UNIQUE INDEX "figures_claim_id_span_start_span_end_key" ON "figures"("claim_id", "span_start", "span_end");

-- AddForeignKey
ALTER TABLE "figures" ADD CONSTRAINT "figures_claim_id_fkey" FOREIGN KEY ("claim_id") REFERENCES "claims"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "figures" ADD CONSTRAINT "figures_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "figures" ADD CONSTRAINT "figures_superseded_by_id_fkey" FOREIGN KEY ("superseded_by_id") REFERENCES "figures"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Written by hand: what the Prisma schema language cannot declare.
ALTER TABLE "figures" ALTER COLUMN "corrected_fields" SET NOT NULL;
ALTER TABLE "figures" ADD CONSTRAINT "figures_origin_check" CHECK ("origin" IN ('extracted', 'added'));
ALTER TABLE "figures" ADD CONSTRAINT "figures_qualifier_check"
  CHECK ("qualifier" IN ('exact', 'about', 'more_than', 'at_least', 'fewer_than', 'at_most', 'between'));
-- The numbers each qualifier carries (lib/validation/figures.ts FigureDto).
ALTER TABLE "figures" ADD CONSTRAINT "figures_numbers_check" CHECK (
  CASE "qualifier"
    WHEN 'exact' THEN "value" IS NOT NULL AND "min_value" IS NULL AND "max_value" IS NULL
    WHEN 'about' THEN "value" IS NOT NULL AND "min_value" IS NULL AND "max_value" IS NULL
    WHEN 'more_than' THEN "value" IS NULL AND "min_value" IS NOT NULL AND "max_value" IS NULL
    WHEN 'at_least' THEN "value" IS NULL AND "min_value" IS NOT NULL AND "max_value" IS NULL
    WHEN 'fewer_than' THEN "value" IS NULL AND "min_value" IS NULL AND "max_value" IS NOT NULL
    WHEN 'at_most' THEN "value" IS NULL AND "min_value" IS NULL AND "max_value" IS NOT NULL
    WHEN 'between' THEN "value" IS NULL AND "min_value" IS NOT NULL AND "max_value" IS NOT NULL AND "min_value" <= "max_value"
  END
);
ALTER TABLE "figures" ADD CONSTRAINT "figures_span_check"
  CHECK ("span_start" >= 0 AND "span_start" < "span_end" AND "sentence_start" >= 0 AND "sentence_start" <= "span_start" AND "span_end" <= "sentence_end");
ALTER TABLE "figures" ADD CONSTRAINT "figures_version_check" CHECK ("version" >= 1);
ALTER TABLE "figures" ADD CONSTRAINT "figures_ordinal_check" CHECK ("ordinal" >= 0);
ALTER TABLE "figures" ADD CONSTRAINT "figures_not_self_superseded_check" CHECK ("superseded_by_id" IS NULL OR "superseded_by_id" <> "id");
