'use client';

import { signOut } from 'next-auth/react';
import { markSigningOut } from './signing-out';

export function LogoutButton() {
  return (
    <button
      type="button"
      onClick={() => {
        markSigningOut();
        void signOut({ callbackUrl: '/login' });
      }}
      className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      Sign out
    </button>
  );
}
