'use client';

// "Invite someone": email, name and role → a single-use link to hand on.
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { type IssuedLink } from '@/lib/validation/users';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/validation/vocabulary';
import { postJson } from '../api-client';
import { FormError, FormField, inputClass, SubmitButton } from '../form-field';
import { formText } from '../form-text';
import { useCheckedForm } from '../use-checked-form';
import { IssuedLinkBox } from './issued-link';

const FIELDS = ['email', 'displayName', 'role'] as const;

export function InviteForm() {
  const router = useRouter();
  const { pending, errors, formError, check, send } = useCheckedForm(FIELDS);
  const [issued, setIssued] = useState<{ link: IssuedLink; emailed: boolean } | null>(null);

  async function onSubmit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = { email: formText(data, 'email').trim(), displayName: formText(data, 'displayName').trim(), role: formText(data, 'role') };
    // The obvious gaps are said at once; the server checks the rest.
    const found = { email: body.email ? undefined : 'Enter their email address.', displayName: body.displayName ? undefined : 'Enter their name.' };
    if (!check(form, found)) return;
    setIssued(null);
    const result = await send(form, () => postJson<{ link: IssuedLink; emailed: boolean }>('/api/people', body));
    if (!result) return;
    setIssued(result);
    form.reset();
    router.refresh();
  }

  return (
    <section aria-labelledby="invite-title" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="invite-title" className="font-semibold">
        Invite someone
      </h2>
      <p className="text-sm text-slate-600">They get a link to choose a password; the account exists once they do.</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Invite someone" className="mt-3 space-y-3">
        <FormError message={formError} testId="invite-error" />
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem]">
          <FormField id="email" label="Email" type="email" autoComplete="off" required error={errors.email} />
          <FormField id="displayName" label="Name" autoComplete="off" required maxLength={100} error={errors.displayName} />
          <div>
            <label htmlFor="invite-role" className="block text-sm font-medium">
              Role
            </label>
            <select
              id="invite-role"
              name="role"
              defaultValue={'reviewer' satisfies Role}
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={errors.role ? 'invite-role-error' : undefined}
              className={inputClass}
            >
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
            {errors.role && (
              <p id="invite-role-error" className="mt-1 text-sm text-red-700">
                {errors.role}
              </p>
            )}
          </div>
        </div>
        <SubmitButton pending={pending} busy="Creating the link…">
          Create invitation link
        </SubmitButton>
      </form>
      <div aria-live="polite" className="mt-3">
        {issued && <IssuedLinkBox id="invite-link" label={`Invitation link for ${issued.link.email}`} link={issued.link} emailed={issued.emailed} />}
      </div>
    </section>
  );
}
