'use client';

// Everyone on the desk, searchable by name or email and filtered by role and
// status in the browser (a desk has tens of people, not thousands).
import Link from 'next/link';
import { useId, useState } from 'react';
import { type PersonDto } from '@/lib/validation/users';
import { PEOPLE_STATUSES, ROLE_LABELS, ROLES, type PersonStatus, type Role } from '@/lib/validation/vocabulary';
import { PERSON_STATUS_LABELS } from './person-badges';
import { PersonRow } from './person-row';
import type { AssignedClaim } from './status-toggle';
import { VisibleText } from '@/components/visible-text';

type Props = {
  people: PersonDto[];
  meId: string;
  now: string;
  /** The last-editor sentence when the viewing editor is the only active one, else null. */
  lastEditorMessage: string | null;
};
type Disabled = { name: string; assigned: AssignedClaim[] };

const control = 'mt-1 w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

/** A filter's choice: '' (any) or the one value wanted. */
function matchesChoice<T extends string>(value: T, wanted: T | ''): boolean {
  return wanted === '' || value === wanted;
}

function matches(p: PersonDto, q: string, filters: { role: Role | ''; status: PersonStatus | '' }) {
  if (!matchesChoice(p.role, filters.role) || !matchesChoice(p.status, filters.status)) return false;
  if (!q) return true;
  return p.displayName.toLocaleLowerCase().includes(q) || p.email.includes(q);
}

export function PeopleList({ people, meId, now, lastEditorMessage }: Props) {
  const id = useId();
  const [q, setQ] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [status, setStatus] = useState<PersonStatus | ''>('');
  const [disabled, setDisabled] = useState<Disabled | null>(null);
  const query = q.trim().toLocaleLowerCase();
  const shown = people.filter((p) => matches(p, query, { role, status }));
  const filtered = Boolean(query || role || status);

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h2 id={`${id}-title`} className="font-semibold">
        Everyone
      </h2>
      <form
        role="search"
        aria-label="Find people"
        onSubmit={(e) => e.preventDefault()}
        className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_10rem]"
      >
        <div className="col-span-2 sm:col-span-1">
          <label htmlFor={`${id}-q`} className="block text-xs font-medium text-slate-600">
            Search by name or email
          </label>
          <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} className={control} />
        </div>
        <ChoiceFilter id={`${id}-role`} label="Role" any="All roles" choices={ROLES} labels={ROLE_LABELS} value={role} onChange={setRole} />
        <ChoiceFilter
          id={`${id}-status`}
          label="Status"
          any="Any status"
          choices={PEOPLE_STATUSES}
          labels={PERSON_STATUS_LABELS}
          value={status}
          onChange={setStatus}
        />
      </form>
      <p aria-live="polite" data-testid="people-count" className="text-sm text-slate-600">
        {filtered ? `${shown.length} of ${people.length} people match.` : `${people.length} ${people.length === 1 ? 'person' : 'people'}.`}
      </p>
      {disabled && <ReassignPanel disabled={disabled} onClose={() => setDisabled(null)} />}
      {shown.length === 0 ? (
        <div data-testid="people-empty" className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm">
          <p className="font-medium">No one matches.</p>
          <button
            type="button"
            onClick={() => {
              setQ('');
              setRole('');
              setStatus('');
            }}
            className="mt-1 text-blue-700 underline"
          >
            Clear the search and filters
          </button>
        </div>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <div
            aria-hidden
            className="hidden border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-medium uppercase tracking-wide text-slate-500 md:grid md:grid-cols-[minmax(0,2.2fr)_6rem_6rem_minmax(0,1.4fr)_6.5rem] md:gap-x-4"
          >
            <span>Person</span>
            <span>Role</span>
            <span>Status</span>
            <span>Last sign-in</span>
            <span className="text-right">Open claims</span>
          </div>
          <ul data-testid="people-list" aria-label="People" className="divide-y divide-slate-100">
            {shown.map((p) => {
              const isMe = p.userId === meId;
              return (
                <PersonRow
                  key={p.key}
                  person={p}
                  now={now}
                  isMe={isMe}
                  roleBlockedBy={isMe ? lastEditorMessage : null}
                  disableBlockedBy={isMe ? (lastEditorMessage ?? 'You cannot disable your own account: another editor can.') : null}
                  onDisabled={(person, assigned) => setDisabled({ name: person.displayName, assigned })}
                />
              );
            })}
          </ul>
        </div>
      )}
    </section>
  );
}

type ChoiceFilterProps<T extends string> = {
  id: string;
  label: string;
  /** The first option's text, for no filter. */
  any: string;
  choices: readonly T[];
  labels: Record<T, string>;
  value: T | '';
  onChange: (value: T | '') => void;
};

function ChoiceFilter<T extends string>({ id, label, any, choices, labels, value, onChange }: ChoiceFilterProps<T>) {
  return (
    <div>
      <label htmlFor={id} className="block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(choices.find((c) => c === e.target.value) ?? '')} className={control}>
        <option value="">{any}</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {labels[c]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** After disabling someone: the claims still assigned to them, to hand to someone else. */
function ReassignPanel({ disabled, onClose }: { disabled: Disabled; onClose: () => void }) {
  const { name, assigned } = disabled;
  return (
    <div role="status" data-testid="reassign-panel" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p>
        <bdi className="font-medium">{name}</bdi> is disabled and signed out everywhere.{' '}
        {assigned.length === 0
          ? 'No open claims were assigned to them.'
          : `${assigned.length} open ${assigned.length === 1 ? 'claim is' : 'claims are'} still assigned to them: open each to assign someone else.`}
      </p>
      {assigned.length > 0 && (
        <ul className="mt-2 list-disc space-y-0.5 pl-5">
          {assigned.map((c) => (
            <li key={c.id}>
              <Link href={`/claims/${c.id}`} className="text-blue-800 underline">
                <bdi>
                  <VisibleText text={c.title} />
                </bdi>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <button type="button" onClick={onClose} className="mt-2 rounded-md px-2 py-1 text-amber-950 underline hover:bg-amber-100">
        Dismiss
      </button>
    </div>
  );
}
