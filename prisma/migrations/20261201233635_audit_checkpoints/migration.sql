-- Signed audit checkpoints (issue 14): a convenience copy of DATA_DIR/audit-checkpoints.jsonl.

-- CreateTable
CREATE TABLE "audit_checkpoints" (
    "id" BIGSERIAL NOT NULL,
    "seq" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "key_id" TEXT NOT NULL,
    "sig" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_checkpoints_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "audit_checkpoints_seq_hash_key_id_key" ON "audit_checkpoints"("seq", "hash", "key_id");

-- Append-only like audit_events (written by hand: the schema language has no triggers).
CREATE FUNCTION audit_checkpoints_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_checkpoints is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_checkpoints_no_update_delete
  BEFORE UPDATE OR DELETE ON "audit_checkpoints"
  FOR EACH ROW EXECUTE FUNCTION audit_checkpoints_append_only();

CREATE TRIGGER audit_checkpoints_no_truncate
  BEFORE TRUNCATE ON "audit_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_checkpoints_append_only();
