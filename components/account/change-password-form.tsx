'use client';

// Change one's own password: the current one, then the new one twice. The
// server judges strength and the current password, and its sentences appear
// next to the field they are about.
import { useState } from 'react';
import { postJson } from '../api-client';
import { FormError, FormField, SubmitButton } from '../form-field';
import { formText } from '../form-text';
import { PasswordPair, passwordPairProblems } from '../password-pair';
import { useCheckedForm } from '../use-checked-form';

const NEW = { password: 'next', confirm: 'confirm' };
const FIELDS = ['current', NEW.password, NEW.confirm];

export function ChangePasswordForm() {
  const { pending, errors, formError, check, send } = useCheckedForm(FIELDS);
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = formText(data, 'current');
    setDone(null);
    if (!check(form, { current: current ? undefined : 'Enter your current password.', ...passwordPairProblems(data, NEW) })) return;
    const result = await send(form, () => postJson<{ sessionsEnded: number }>('/api/account/password', { current, next: formText(data, NEW.password) }));
    if (!result) return;
    form.reset();
    const n = result.sessionsEnded;
    setDone(`Password changed.${n ? ` ${n} other ${n === 1 ? 'session was' : 'sessions were'} signed out.` : ''}`);
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="password-title" className="space-y-3">
      <h2 id="password-title" className="font-semibold">
        Change password
      </h2>
      <FormError message={formError} testId="change-password-error" />
      <FormField id="current" label="Current password" type="password" autoComplete="current-password" error={errors.current} />
      <PasswordPair names={NEW} labels={{ password: 'New password', confirm: 'New password again' }} errors={errors} />
      <SubmitButton pending={pending} busy="Changing…">
        Change password
      </SubmitButton>
      <p role="status" data-testid="password-done" className="text-sm text-emerald-800">
        {done}
      </p>
    </form>
  );
}
