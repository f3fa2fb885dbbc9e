// Dates and timestamps from the client, limited to what PostgreSQL and JSON can
// carry: z.iso.date() accepts "0000-01-01", which PostgreSQL refuses (there is no
// year 0), and a JS Date after 9999 serialises as "+010000-…", which it cannot parse.
import { z } from './zod';

const EARLIEST = Date.UTC(1000, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const DATE_RANGE_MESSAGE = 'Dates must fall between the years 1000 and 9999.';

/** Whether an ISO date or date-time (already format-checked) names an instant in the storable range. */
export function inStorableRange(iso: string): boolean {
  const t = new Date(iso.length === 10 ? `${iso}T00:00:00.000Z` : iso).getTime();
  return t >= EARLIEST && t <= LATEST;
}

/** YYYY-MM-DD. */
export function isoDay(message: string) {
  return z.iso.date({ error: message }).refine(inStorableRange, DATE_RANGE_MESSAGE);
}

/** YYYY-MM-DD, or an ISO date-time with an offset. */
export function isoDayOrTime(message: string) {
  return z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: message }).refine(inStorableRange, DATE_RANGE_MESSAGE);
}
