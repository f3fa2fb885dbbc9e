// The desk's JSON API as the specs read it: parsed, so a changed shape fails
// here, saying which field, rather than as `undefined` further on.
import type { APIResponse } from '@playwright/test';
import { z } from 'zod';

const claimList = z.object({ claims: z.array(z.object({ id: z.string(), status: z.string(), version: z.number() })) });

/** The claims of a GET /api/claims answer; fails when there are none. */
export async function claimsOf(res: APIResponse) {
  const { claims } = claimList.parse(await res.json());
  const [first, ...rest] = claims;
  if (!first) throw new Error(`${res.url()} listed no claims`);
  return [first, ...rest] as const;
}
