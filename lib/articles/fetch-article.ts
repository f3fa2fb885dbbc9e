// Fetches an article's page for import by URL. (Placeholder until the fetch
// with the limits and address checks lands: every URL is refused.)
import 'server-only';
import { importRefusal } from './import-refusal';

export type FetchedPage = { bytes: Uint8Array; mediaType: string | null; finalUrl: string };

export function fetchArticle(url: string): Promise<FetchedPage> {
  return Promise.reject(importRefusal('fetch_failed', `Importing from a URL is not available yet, so ${url} was not fetched.`));
}
