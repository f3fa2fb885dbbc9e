// Imports one article file as a claim: create, leave unchanged, or update its
// text — never its status or verdict. Audited in the same transaction.
import 'server-only';
import { parseArticle } from '../articles/parse-article';
import { normalizeForSearch } from '../articles/normalize-search';
import { appendAuditEvent } from '../audit/append-audit-event';
import type { AuditEventRecord } from '../validation/audit-events';
import { SYSTEM_ACTOR } from '../validation/audit-events';
import { db } from '../db';
import { publishChange } from '../realtime/publish';
import { toClaimSummary } from './claim-dto';

export type ImportOutcome = 'created' | 'unchanged' | 'updated';

export async function importArticle(options: {
  fileName: string;
  raw: string;
}): Promise<{ outcome: ImportOutcome; claimId: string; event: AuditEventRecord | null }> {
  const article = parseArticle(options.fileName, options.raw);
  const text = {
    title: article.title,
    body: article.body,
    boilerplate: article.boilerplate,
    language: article.language,
    contentHash: article.contentHash,
    searchText: normalizeForSearch(`${article.title} ${article.body}`),
  };
  const result = await db.$transaction(async (tx) => {
    const existing = await tx.claim.findUnique({ where: { sourceKey: article.sourceKey } });
    if (existing?.contentHash === article.contentHash) {
      return { outcome: 'unchanged' as const, claimId: existing.id, event: null };
    }
    if (!existing) {
      const claim = await tx.claim.create({ data: { sourceKey: article.sourceKey, ...text } });
      const event = await appendAuditEvent(tx, {
        ...SYSTEM_ACTOR,
        action: 'claim.imported',
        claimId: claim.id,
        after: { sourceKey: claim.sourceKey, title: claim.title, language: claim.language, contentHash: claim.contentHash },
      });
      return { outcome: 'created' as const, claimId: claim.id, event, claim };
    }
    const claim = await tx.claim.update({
      where: { id: existing.id },
      data: { ...text, version: { increment: 1 } },
    });
    const event = await appendAuditEvent(tx, {
      ...SYSTEM_ACTOR,
      action: 'claim.updated',
      claimId: claim.id,
      before: { title: existing.title, language: existing.language, contentHash: existing.contentHash, version: existing.version },
      after: { title: claim.title, language: claim.language, contentHash: claim.contentHash, version: claim.version },
    });
    return { outcome: 'updated' as const, claimId: claim.id, event, claim };
  }, { timeout: 15_000 });
  if (result.event && 'claim' in result) publishChange(result.event, { claim: toClaimSummary(result.claim) });
  return { outcome: result.outcome, claimId: result.claimId, event: result.event };
}
