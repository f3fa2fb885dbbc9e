// "3 hours ago" for a time on the People page, relative to the time the page was rendered.
import { lazy } from '@/lib/utils/lazy';
const rtf = lazy(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

export function relativeTime(iso: string, now: string): string {
  const diff = new Date(iso).getTime() - new Date(now).getTime();
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return rtf().format(Math.round(diff / ms), unit);
  }
  return 'just now';
}
