import { ROLE_LABELS, type PersonStatus, type Role } from '@/lib/validation/vocabulary';

export const PERSON_STATUS_LABELS: Record<PersonStatus, string> = { active: 'Active', disabled: 'Disabled', invited: 'Invited' };

const STATUS_STYLE: Record<PersonStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  disabled: 'bg-slate-100 text-slate-700 ring-slate-300',
  invited: 'bg-amber-50 text-amber-900 ring-amber-300',
};

const ROLE_STYLE: Record<Role, string> = {
  editor: 'bg-blue-50 text-blue-800 ring-blue-200',
  reviewer: 'bg-violet-50 text-violet-800 ring-violet-200',
  viewer: 'bg-white text-slate-700 ring-slate-300',
};

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

export function PersonStatusBadge({ status }: { status: PersonStatus }) {
  return (
    <span data-testid="person-status" data-status={status} className={`${badge} ${STATUS_STYLE[status]}`}>
      {PERSON_STATUS_LABELS[status]}
    </span>
  );
}

export function RoleBadge({ role }: { role: Role }) {
  return (
    <span data-testid="person-role" data-role={role} className={`${badge} ${ROLE_STYLE[role]}`}>
      {ROLE_LABELS[role]}
    </span>
  );
}
