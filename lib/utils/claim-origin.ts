// Where a claim's article came from, in words a person recognises: the file it
// was uploaded as, or the outlet and address it was read from. Client-safe.

export type ClaimOrigin = {
  /** seed | paste | upload | url | api | cli; null for claims imported before sources were kept. */
  kind: string | null;
  /** The original file name or URL, as given. */
  name: string | null;
  outlet: string | null;
  articleUrl: string | null;
};

export type OriginLabel = {
  /** What to show: "Folha de S.Paulo · folha.uol.com.br", "budget-2024.html", "Pasted text". */
  label: string;
  /** The article's address, when it has one. */
  href: string | null;
};

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.replace(/^www\./u, '');
  } catch {
    return null;
  }
}

function isHttpUrl(value: string | null): value is string {
  return value !== null && /^https?:\/\//iu.test(value);
}

/** The source key is opaque (`upload-cda76348…`): it is the last resort, for rows with nothing else. */
export function describeOrigin(origin: ClaimOrigin | undefined, sourceKey: string): OriginLabel {
  const url = [origin?.articleUrl ?? null, origin?.name ?? null].find(isHttpUrl) ?? null;
  const outlet = origin?.outlet?.trim() || null;
  if (url !== null) {
    const host = hostOf(url);
    const label = outlet && host && outlet.toLowerCase() !== host.toLowerCase() ? `${outlet} · ${host}` : (outlet ?? host ?? url);
    return { label, href: url };
  }
  const fileName = origin?.name?.trim() || null;
  if (fileName !== null) return { label: outlet ? `${outlet} · ${fileName}` : fileName, href: null };
  if (outlet !== null) return { label: outlet, href: null };
  if (origin?.kind === 'paste') return { label: 'Pasted text', href: null };
  return { label: sourceKey, href: null };
}
