// Session lifetime: a session ends after SESSION_IDLE_MINUTES without activity
// (the JWT's sliding expiry) or SESSION_MAX_AGE_HOURS after sign-in, whichever
// comes first.
import 'server-only';
import { config } from '../env';

export function sessionPolicy() {
  const { SESSION_IDLE_MINUTES, SESSION_MAX_AGE_HOURS } = config();
  return {
    idleSeconds: Math.round(SESSION_IDLE_MINUTES * 60),
    absoluteMs: Math.round(SESSION_MAX_AGE_HOURS * 3_600_000),
  };
}

export const SESSION_COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'] as const;
