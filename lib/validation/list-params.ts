// The claims list's filters travel in the URL (list page and claim pages alike).
import { type ListClaimsQuery, listClaimsQuerySchema } from './claims';

export type RawSearch = Record<string, string | string[] | undefined>;

export function parseListParams(raw: RawSearch): { query: ListClaimsQuery; valid: boolean; keep: URLSearchParams } {
  const strings = Object.fromEntries(Object.entries(raw).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const parsed = listClaimsQuerySchema.safeParse(strings);
  const query = parsed.success ? parsed.data : listClaimsQuerySchema.parse({});
  const keep = new URLSearchParams(
    Object.entries({ status: query.status, lang: query.lang, q: query.q, assigned: query.assigned, due: query.due }).filter((e): e is [string, string] =>
      Boolean(e[1]),
    ),
  );
  return { query, valid: parsed.success, keep };
}
