'use client';

import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { authPanel } from './auth-card';
import { SubmitButton } from './form-field';
import { formText } from './form-text';

export function LoginForm({ callbackUrl, email }: { callbackUrl: string; email?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      const result = await signIn('credentials', {
        email: formText(form, 'email'),
        password: formText(form, 'password'),
        redirect: false,
      });
      if (result?.ok && !result.error) {
        window.location.assign(callbackUrl);
        return;
      }
      setError(result?.error && result.error !== 'CredentialsSignin' ? result.error : 'Email or password is incorrect.');
    } catch {
      setError('Could not reach Factdesk. Check your connection and try again.');
    }
    setPending(false);
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className={`space-y-4 ${authPanel}`} noValidate>
      {error && (
        <p data-testid="login-error" role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div>
        <label htmlFor="email" className="block text-sm font-medium">
          Email
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          required
          autoFocus={!email}
          defaultValue={email}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-blue-600"
        />
      </div>
      <div>
        <label htmlFor="password" className="block text-sm font-medium">
          Password
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={Boolean(email)}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 focus:border-blue-600"
        />
      </div>
      <SubmitButton pending={pending} busy="Signing in…" wide>
        Sign in
      </SubmitButton>
    </form>
  );
}
