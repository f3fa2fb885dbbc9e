'use client';

// The person behind an invitation or reset link chooses a password. After an
// invitation they are signed in at once (as the login form does it); after a
// reset they sign in themselves, with the new password.
import { signIn } from 'next-auth/react';
import { postJson } from '../api-client';
import { authPanel } from '../auth-card';
import { FormError, SubmitButton } from '../form-field';
import { formText } from '../form-text';
import { loginPath } from '../login-link';
import { PasswordPair, passwordPairProblems } from '../password-pair';
import { useCheckedForm } from '../use-checked-form';

type Props = { token: string; kind: 'invite' | 'reset'; email: string };

const NAMES = { password: 'password', confirm: 'confirm' };

export function SetPasswordForm({ token, kind, email }: Props) {
  const { pending, errors, formError, check, send } = useCheckedForm([NAMES.password, NAMES.confirm]);

  async function onSubmit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    if (!check(form, passwordPairProblems(data, NAMES))) return;
    const password = formText(data, NAMES.password);
    const url = `/api/invitations/${encodeURIComponent(token)}`;
    const result = await send(form, () => postJson<{ email: string; kind: 'invite' | 'reset' }>(url, { password }), { leaving: true });
    if (!result) return;
    if (result.kind === 'reset') {
      window.location.assign(loginPath({ notice: 'password-changed', email: result.email }));
      return;
    }
    const signedIn = await signIn('credentials', { email: result.email, password, redirect: false }).catch(() => null);
    // The account exists either way; if signing in failed, the sign-in page takes over.
    window.location.assign(signedIn?.ok && !signedIn.error ? '/' : loginPath({ email: result.email }));
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className={`space-y-4 ${authPanel}`}>
      <FormError message={formError} testId="invite-form-error" />
      {/* For password managers: the account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <PasswordPair
        names={NAMES}
        labels={{ password: kind === 'invite' ? 'Choose a password' : 'New password', confirm: 'The same password again' }}
        errors={errors}
        autoFocus
      />
      <SubmitButton pending={pending} busy="Saving…" wide>
        {kind === 'invite' ? 'Set password and sign in' : 'Set new password'}
      </SubmitButton>
    </form>
  );
}
