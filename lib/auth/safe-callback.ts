// Where to go after signing in: only a path on this site. "/\evil.example",
// "/\t/evil.example" and the like are normalised by browsers into another
// origin, so the URL parser decides, not a prefix check.
import 'server-only';

const BASE = 'http://factdesk.invalid';

export function safeCallbackPath(url: string | undefined | null): string {
  if (!url) return '/';
  try {
    const parsed = new URL(url, BASE);
    if (parsed.origin !== BASE || !url.startsWith('/')) return '/';
    const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
    // "/..//evil.example" resolves to the path "//evil.example": protocol-relative.
    return path.startsWith('//') ? '/' : path;
  } catch {
    return '/';
  }
}
