import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import { produceExport } from '@/lib/exports/produce-export';
import { apiRoute, searchParamsObject } from '@/lib/http/api-route';
import { EXPORT_CSP } from '@/lib/http/security-headers';
import { exportQuerySchema } from '@/lib/validation/export';
import { parseOrThrow } from '@/lib/errors';

export const dynamic = 'force-dynamic';

export const GET = apiRoute(async ({ req, actor, requestId }) => {
  const file = await produceExport({ actor, query: parseOrThrow(exportQuerySchema, searchParamsObject(req)), requestId });
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      'content-type': file.contentType,
      // A story's name may be Cyrillic or Arabic: RFC 6266 filename* with an ASCII fallback.
      'content-disposition': contentDisposition(file.fileName),
      'x-export-count': String(file.count),
      'cache-control': 'no-store',
      'content-security-policy': EXPORT_CSP,
    },
  });
});
