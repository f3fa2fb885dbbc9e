// Small display helpers safe for browser and server.
const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

export function languageName(code: string): string {
  if (code === 'und') return 'Unknown';
  try {
    return languageNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso)) + ' UTC';
}

export function initials(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((p) => p[0]!.toUpperCase()).join('');
}

/** An http(s) link as given, anything else (javascript:, data:, …) as a dead "#". */
export function safeHref(url: string): string {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : '#';
  } catch {
    return '#';
  }
}
