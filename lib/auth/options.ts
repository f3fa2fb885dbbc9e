// next-auth configuration: email + password credentials, JWT sessions.
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { databaseUnavailableError, isDatabaseUnavailable } from '../db-unavailable';
import { isAppError } from '../errors';
import { sessionPolicy } from './session-policy';
import { verifyCredentials } from './verify-credentials';

export const CLIENT_IP_HEADER = 'x-factdesk-client-ip';

function header(req: unknown, name: string): string | undefined {
  const headers = (req as { headers?: Record<string, string | string[] | undefined> } | undefined)?.headers;
  const value = headers?.[name];
  return Array.isArray(value) ? value[0] : value;
}

export function authOptions(): NextAuthOptions {
  return {
    secret: process.env.NEXTAUTH_SECRET,
    session: { strategy: 'jwt', maxAge: sessionPolicy().idleSeconds },
    pages: { signIn: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Email and password',
        credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials, req) {
          try {
            const actor = await verifyCredentials({
              email: credentials?.email,
              password: credentials?.password,
              // Set by server/ from the socket address; clients cannot forge it.
              ip: header(req, CLIENT_IP_HEADER) ?? 'unknown',
              requestId: header(req, 'x-request-id') ?? null,
            });
            return { id: actor.id, email: actor.email, name: actor.displayName, role: actor.role };
          } catch (e) {
            // next-auth passes an Error's message to the sign-in form.
            if (isAppError(e)) throw new Error(e.message);
            // …so never a driver error naming the database host.
            if (isDatabaseUnavailable(e)) throw new Error(databaseUnavailableError().message);
            throw e;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          token.uid = user.id;
          token.role = (user as { role?: string }).role;
          token.loginAt = Date.now();
        }
        return token;
      },
      async session({ session, token }) {
        return { ...session, user: { ...session.user, id: token.uid, role: token.role } };
      },
    },
  };
}
