// next-auth's own endpoints. Its POSTs (sign-in, sign-out, session update)
// check next-auth's CSRF token; the same-origin check is a second line.
import NextAuth from 'next-auth';
import { authOptions } from '@/lib/auth/options';
import { sameOriginOnly } from '@/lib/http/api-route';
import { refuseUnusableCallbackUrl } from '@/lib/http/next-auth-input';

const handler = refuseUnusableCallbackUrl(NextAuth(authOptions()));
export { handler as GET };
export const POST = sameOriginOnly(handler);
