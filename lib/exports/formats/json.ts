// The versioned JSON export (see docs/export-format.md), written claim by claim.
// Written with embedJson: people paste it into pages (a script tag, a template) too.
import 'server-only';
import { Readable } from 'node:stream';
import type { ExportClaim } from '../export-claims';
import type { ExportStory } from '../find-export-story';
import type { ReportAudit } from '../report-audit';
import { embedJson } from './embed-json';

const JSON_FORMAT = { name: 'factdesk.verdicts', version: 1 } as const;

export type ExportMeta = {
  exportedAt: string;
  exportedBy: string;
  filters: Record<string, unknown>;
  /** The story named by the `story` filter, with its title; null when the export is not of one story. */
  story: ExportStory | null;
  count: number;
  /** The report's place in the audit trail: its export event and the checkpoint signed at export. */
  audit: ReportAudit;
};

export function jsonStream(claims: AsyncIterable<ExportClaim>, meta: ExportMeta): Readable {
  async function* chunks() {
    const head = { format: JSON_FORMAT.name, formatVersion: JSON_FORMAT.version, ...meta };
    yield `${embedJson(head).slice(0, -1)},"claims":[`;
    let first = true;
    for await (const c of claims) {
      yield `${first ? '' : ','}\n${embedJson(c)}`;
      first = false;
    }
    yield '\n]}\n';
  }
  return Readable.from(chunks());
}
