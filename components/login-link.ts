// The sign-in page's address and what it may carry besides callbackUrl: a
// notice by name (never free text from the address) and an email to pre-fill.
// The page parses with loginSearchSchema; links to it are made with loginPath.
import { emailSchema } from '@/lib/validation/users';
import { z } from '@/lib/validation/zod';

const loginNoticeSchema = z.enum(['password-changed']);
export type LoginNotice = z.infer<typeof loginNoticeSchema>;

export const LOGIN_NOTICES: Record<LoginNotice, string> = {
  'password-changed': 'Password changed: sign in with your new password.',
};

/** A parameter that is missing, repeated or not one of ours is dropped: the page still shows the form. */
export const loginSearchSchema = z.object({
  notice: loginNoticeSchema.optional().catch(undefined),
  email: emailSchema.optional().catch(undefined),
});

export function loginPath(params: { notice?: LoginNotice; email?: string }): string {
  const search = new URLSearchParams();
  if (params.notice) search.set('notice', params.notice);
  if (params.email) search.set('email', params.email);
  const query = search.toString();
  return query ? `/login?${query}` : '/login';
}
