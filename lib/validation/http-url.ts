// One rule for "a link a reader can open": an absolute http(s) address with a
// host. Evidence links and article addresses both use it, each with its words.
import { storableText } from './text';

export const HTTP_URL_MAX = 2000;

/** True for an absolute http:// or https:// address with a host name. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

/** A trimmed, bounded http(s) address; `what` names it in the messages ("Evidence links"). */
export function httpUrlText(what: string, tail = 'URLs') {
  return storableText()
    .trim()
    .max(HTTP_URL_MAX, `${what} are limited to ${HTTP_URL_MAX} characters.`)
    .refine(isHttpUrl, `${what} must be http:// or https:// ${tail}.`);
}
