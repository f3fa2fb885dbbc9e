// Session lifetime: a session ends after SESSION_IDLE_MINUTES without activity
// (the JWT's sliding expiry) or SESSION_MAX_AGE_HOURS after sign-in, whichever
// comes first.
export function sessionPolicy() {
  return {
    idleSeconds: Math.round(Number(process.env.SESSION_IDLE_MINUTES ?? 60) * 60),
    absoluteMs: Math.round(Number(process.env.SESSION_MAX_AGE_HOURS ?? 12) * 3_600_000),
  };
}

export const SESSION_COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'] as const;
