'use client';

// One person on the People page: who, role, status, last sign-in, open
// assignments, and what an editor can do about their account.
import type { PersonDto } from '@/lib/validation/users';
import { formatDateTime } from '@/lib/utils/format';
import { InvitationActions } from './invitation-actions';
import { PersonStatusBadge, RoleBadge } from './person-badges';
import { relativeTime } from './relative-time';
import { ResetLinkButton } from './reset-link-button';
import { RoleChanger } from './role-changer';
import { type AssignedClaim, StatusToggle } from './status-toggle';
import { WithdrawLink } from './withdraw-link';

type Props = {
  person: PersonDto;
  now: string;
  isMe: boolean;
  /** Why this row's role control is off (the last active editor), or null. */
  roleBlockedBy: string | null;
  /** Why its disable control is off (the last editor; one's own account), or null. */
  disableBlockedBy: string | null;
  onDisabled: (person: PersonDto, assigned: AssignedClaim[]) => void;
};

const cellLabel = 'text-xs text-slate-500 md:sr-only';

export function PersonRow({ person, now, isMe, roleBlockedBy, disableBlockedBy, onDisabled }: Props) {
  const { userId } = person;
  const why = [...new Set([roleBlockedBy, disableBlockedBy].filter((m) => m !== null))];
  return (
    <li
      data-testid="person-row"
      data-email={person.email}
      className="grid gap-x-4 gap-y-2 px-4 py-3 md:grid-cols-[minmax(0,2.2fr)_6rem_6rem_minmax(0,1.4fr)_6.5rem] md:items-center"
    >
      <div className="min-w-0">
        <p className="font-medium">
          <bdi>{person.displayName}</bdi>
          {isMe && <span className="ml-1 text-sm font-normal text-slate-600">(you)</span>}
        </p>
        <p className="truncate text-sm text-slate-600">
          <bdi>{person.email}</bdi>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2 md:contents">
        <div>
          <span className={cellLabel}>Role: </span>
          <RoleBadge role={person.role} />
        </div>
        <div>
          <span className={cellLabel}>Status: </span>
          <PersonStatusBadge status={person.status} />
        </div>
      </div>
      <p className="text-sm text-slate-700">
        {person.status === 'invited' && person.expiresAt ? (
          <>
            Link works until <time dateTime={person.expiresAt}>{formatDateTime(person.expiresAt)}</time>
          </>
        ) : person.lastSignInAt ? (
          <>
            <span className={cellLabel}>Last sign-in: </span>
            <time dateTime={person.lastSignInAt} title={formatDateTime(person.lastSignInAt)}>
              {relativeTime(person.lastSignInAt, now)}
            </time>
          </>
        ) : (
          <span className="text-slate-600">Never signed in</span>
        )}
      </p>
      <p className="text-sm text-slate-700 md:text-right">
        <span className={cellLabel}>Open claims assigned: </span>
        {person.assignedOpen}
      </p>
      {!userId && person.invitationId && (
        <div className="flex flex-wrap items-center gap-2 md:col-span-5">
          <InvitationActions person={person} invitationId={person.invitationId} />
        </div>
      )}
      {userId && (
        <div className="flex flex-wrap items-center gap-2 md:col-span-5">
          {person.status === 'active' && <RoleChanger userId={userId} name={person.displayName} current={person.role} blockedBy={roleBlockedBy} />}
          {person.status === 'active' && <ResetLinkButton userId={userId} name={person.displayName} />}
          {person.resetLink && <WithdrawLink invitationId={person.resetLink.invitationId} name={person.displayName} kind="reset" />}
          <StatusToggle
            userId={userId}
            name={person.displayName}
            disabled={person.status === 'disabled'}
            blockedBy={disableBlockedBy}
            onDisabled={(assigned) => onDisabled(person, assigned)}
          />
          {person.resetLink && (
            <p data-testid="pending-reset" className="order-last w-full text-sm text-amber-900">
              A password-reset link is pending until <time dateTime={person.resetLink.expiresAt}>{formatDateTime(person.resetLink.expiresAt)}</time>
              {person.resetLink.issuedBy ? (
                <>
                  , issued by <bdi>{person.resetLink.issuedBy}</bdi>
                </>
              ) : (
                ' (issued from the command line)'
              )}
              .
            </p>
          )}
          {why.length > 0 && (
            <p id={`blocked-${userId}`} data-testid="blocked-why" className="order-last w-full text-sm text-amber-900">
              {why.join(' ')}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
