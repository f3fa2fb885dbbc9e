// The "why" of a story or of one link: what the articles share, as chips
// grouped by kind (people, places, organisations, figures, dates), heaviest
// first, each with every spelling in its own script. `limit` keeps a long list
// to its strongest items per group; the rest are counted, not hidden silently.
import { EVIDENCE_KIND_LABELS, type EvidenceGroup, evidenceGroup, groupEvidence } from '@/lib/utils/story-evidence';
import type { EntityTypeDto, EvidenceKindDto } from '@/lib/validation/stories';
import { SurfaceList } from './surface-list';

export type EvidenceChipItem = {
  kind: EvidenceKindDto;
  entityType?: EntityTypeDto;
  surfaces: readonly string[];
  weight: number;
  /** Story evidence: how many article pairs share it. */
  links?: number;
  /** A pair's evidence: how the two spellings matched. */
  match?: 'exact' | 'fuzzy' | 'skeleton';
};

const CHIP: Record<EvidenceGroup, string> = {
  events: 'bg-orange-50 text-orange-950 ring-orange-200',
  people: 'bg-violet-50 text-violet-950 ring-violet-200',
  places: 'bg-emerald-50 text-emerald-950 ring-emerald-200',
  organisations: 'bg-sky-50 text-sky-950 ring-sky-200',
  names: 'bg-slate-50 text-slate-900 ring-slate-200',
  figures: 'bg-amber-50 text-amber-950 ring-amber-200',
  dates: 'bg-rose-50 text-rose-950 ring-rose-200',
  words: 'bg-white text-slate-700 ring-slate-200',
};

const MATCH_NOTE = { exact: '', fuzzy: 'spelled differently', skeleton: 'matched across scripts' } as const;

type Props = {
  items: readonly EvidenceChipItem[];
  /** The languages of the surfaces, in order, where known (a pair: [this article, the other]). */
  languages?: readonly (string | undefined)[];
  /** At most this many chips per group. */
  limit?: number;
  /** Smaller type for lists inside lists (the claim page panel, suggestions). */
  compact?: boolean;
  /** One row of the heaviest chips, the kind told by colour and to screen readers (a narrow column). */
  flat?: boolean;
  testId?: string;
};

type ChipProps = { item: EvidenceChipItem; group: EvidenceGroup; languages?: Props['languages']; kindLabel?: string };

function Chip({ item, group, languages, kindLabel }: ChipProps) {
  return (
    <li
      data-testid="evidence-chip"
      data-group={group}
      title={kindLabel}
      className={`inline-block max-w-full rounded-md px-1.5 py-0.5 break-words ring-1 ring-inset ${CHIP[group]}`}
    >
      {kindLabel && <span className="sr-only">{kindLabel}: </span>}
      <SurfaceList surfaces={item.surfaces} languages={languages} />
      {item.links !== undefined && item.links > 1 && (
        <span className="ms-1 text-[11px] text-slate-600" title={`shared by ${item.links} article pairs`}>
          ×{item.links}
          <span className="sr-only"> article pairs</span>
        </span>
      )}
      {item.match && item.match !== 'exact' && <span className="sr-only">({MATCH_NOTE[item.match]})</span>}
    </li>
  );
}

export function EvidenceChips({ items, languages, limit = 12, compact = false, flat = false, testId = 'evidence' }: Props) {
  const groups = groupEvidence(items);
  if (groups.length === 0) return <p className="text-sm text-slate-500">Nothing shared is recorded.</p>;
  if (flat) {
    const heaviest = [...items].sort((a, b) => b.weight - a.weight);
    return (
      <ul className="flex flex-wrap gap-1 text-xs" data-testid={testId}>
        {heaviest.slice(0, limit).map((item, i) => {
          const group = evidenceGroup(item);
          return <Chip key={`${item.surfaces.join('|')}-${i}`} item={item} group={group} languages={languages} kindLabel={EVIDENCE_KIND_LABELS[group]} />;
        })}
        {heaviest.length > limit && <li className="px-1 py-0.5 text-slate-600">+{heaviest.length - limit} more</li>}
      </ul>
    );
  }
  return (
    <dl className={`grid gap-x-3 gap-y-2 ${compact ? 'text-xs' : 'text-sm'} grid-cols-1 sm:grid-cols-[7.5rem_minmax(0,1fr)]`} data-testid={testId}>
      {groups.map(({ group, label, items: shown }) => (
        <div key={group} className="contents" data-group={group}>
          <dt className={`font-medium text-slate-600 sm:pt-0.5 ${compact ? 'text-[11px] uppercase tracking-wide' : ''}`}>{label}</dt>
          <dd className="min-w-0">
            <ul className="flex flex-wrap gap-1.5">
              {shown.slice(0, limit).map((item, i) => (
                <Chip key={`${item.surfaces.join('|')}-${i}`} item={item} group={group} languages={languages} />
              ))}
              {shown.length > limit && <li className="px-1 py-0.5 text-xs text-slate-600">and {shown.length - limit} more</li>}
            </ul>
          </dd>
        </div>
      ))}
    </dl>
  );
}
