import { Readable } from 'node:stream';
import { exportAudit } from '@/lib/history/export-audit';
import { apiRoute, searchParamsObject } from '@/lib/http/api-route';
import { parseOrThrow } from '@/lib/errors';
import { auditExportQuerySchema } from '@/lib/validation/audit';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async ({ req, actor }) => {
  const bundle = await exportAudit({ actor, range: parseOrThrow(auditExportQuerySchema, searchParamsObject(req)) });
  return new Response(Readable.toWeb(Readable.from(bundle.lines)) as ReadableStream, {
    headers: {
      'content-type': 'application/jsonl; charset=utf-8',
      'content-disposition': `attachment; filename="factdesk-audit-${bundle.from}-${bundle.to}.jsonl"`,
      'x-audit-checkpoint-seq': String(bundle.checkpoint?.seq ?? 0),
      'cache-control': 'no-store',
    },
  });
});
