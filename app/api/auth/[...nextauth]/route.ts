// next-auth's own endpoints. Its POSTs (sign-in, sign-out, session update)
// check next-auth's CSRF token; the same-origin check is a second line. Bodies
// get the API's 256 KB limit. `_log` (next-auth's client-side error relay)
// would let anyone anonymous write server log lines: it does not exist here.
import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions } from '@/lib/auth/options';
import { withSignInOutcome } from '@/lib/auth/sign-in-outcome';
import { AppError } from '@/lib/errors';
import { bodyLimited, errorResponse, sameOriginOnly } from '@/lib/http/api-route';
import { refuseUnusableCallbackUrl } from '@/lib/http/next-auth-input';

type Context = { params: Promise<{ nextauth?: string[] }> };

// Input next-auth would answer with a 500 is refused with a 400 first.
// next-auth 4 declares NextAuth(options) as returning any; in the App Router it is this route handler.
const nextAuth = NextAuth(authOptions()) as (req: Request, context: Context) => Promise<Response>;
const handler = refuseUnusableCallbackUrl(nextAuth);

const limitedHandler = bodyLimited((req: NextRequest, context: Context) => withSignInOutcome(() => handler(req, context)));

async function post(req: Request, context: Context): Promise<Response> {
  const action = (await context.params).nextauth?.[0];
  if (action === '_log') return errorResponse(new AppError('not_found', 'Not found.'));
  return limitedHandler(req, context);
}

export { handler as GET };
export const POST = sameOriginOnly(post);
