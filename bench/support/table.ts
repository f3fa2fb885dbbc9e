// Tables as Markdown: readable in a terminal, pasted as-is into docs/BENCHMARKS.md.
export function markdownTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((r) => /^[-+~]?[\d.,×%]+/.test(r[i] ?? '') || (r[i] ?? '') === '—'));
  const cell = (text: string, i: number) => (numeric[i] ? text.padStart(widths[i]!) : text.padEnd(widths[i]!));
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export const fmtMs = (ms: number): string =>
  Number.isNaN(ms) ? '—' : Math.abs(ms) >= 100 ? ms.toFixed(0) : Math.abs(ms) >= 10 ? ms.toFixed(1) : ms.toFixed(2);

export const fmtTriple = (a: number, b: number, c: number): string => `${fmtMs(a)} / ${fmtMs(b)} / ${fmtMs(c)}`;

export const fmtInt = (n: number): string => Math.round(n).toLocaleString('en-US');

export const fmtRatio = (r: number): string => (Number.isFinite(r) ? `${r.toFixed(2)}×` : '—');

export const fmtMb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
