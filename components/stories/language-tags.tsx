// A story's languages as short tags, the full name for screen readers and on hover.
import { languageName } from '@/lib/utils/format';

export function LanguageTags({ languages, max = 6 }: { languages: readonly string[]; max?: number }) {
  if (languages.length === 0) return null;
  return (
    <ul className="inline-flex flex-wrap gap-1" aria-label="Languages">
      {languages.slice(0, max).map((l) => (
        <li key={l} title={languageName(l)} className="rounded bg-slate-100 px-1.5 py-px font-mono text-[11px] uppercase text-slate-700">
          <span aria-hidden>{l}</span>
          <span className="sr-only">{languageName(l)}</span>
        </li>
      ))}
      {languages.length > max && <li className="text-[11px] text-slate-600">+{languages.length - max}</li>}
    </ul>
  );
}
