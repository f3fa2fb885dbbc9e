'use client';

// Keeps an active reviewer signed in: on real activity (at most every five
// minutes) it touches the session so the idle timeout slides. An idle tab does
// nothing, so the session lapses after SESSION_IDLE_MINUTES as documented.
import { getSession } from 'next-auth/react';
import { useEffect } from 'react';

const EVERY_MS = 5 * 60_000;

export function SessionKeepAlive() {
  useEffect(() => {
    let last = Date.now();
    const touch = () => {
      if (Date.now() - last < EVERY_MS) return;
      last = Date.now();
      void getSession().then((s) => {
        if (!s) window.location.assign(`/login?callbackUrl=${encodeURIComponent(location.pathname + location.search)}`);
      });
    };
    const events = ['keydown', 'pointerdown', 'scroll'] as const;
    events.forEach((e) => window.addEventListener(e, touch, { passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, touch));
  }, []);
  return null;
}
