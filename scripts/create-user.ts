// `npm run user:create -- --email E --role R [--name N]`: the password is read
// from standard input (never from argv, where `ps` and shell history see it).
// With nothing on standard input it prints a single-use invitation link
// instead (72 h), so the person chooses their own password in the browser.
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { disconnectDb } from '../lib/db';
import { isAppError, parseOrThrow } from '../lib/errors';
import { assertStrongPassword } from '../lib/auth/password-strength';
import { config } from '../lib/env';
import { createUser } from '../lib/users/create-user';
import { inviteUser } from '../lib/users/invite-user';
import { inviteInputSchema, newUserSchema } from '../lib/validation/users';
import { scriptFailure, withDatabase } from './with-database';

const { values } = parseArgs({
  options: { email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
});
const { email, role, name } = values;
if (!email || !role) {
  console.error('Usage: npm run user:create -- --email E --role editor|reviewer|viewer [--name "Display Name"]');
  process.exit(2);
}

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password (input visible; pipe it in to hide it): ');
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    rl.close();
    return line;
  }
  return '';
}

const password = await readPassword();
try {
  const displayName = name ?? email.split('@')[0];
  await withDatabase(async () => {
    if (password === '') {
      const link = await inviteUser({ actor: null, invite: parseOrThrow(inviteInputSchema, { email, role, displayName }) });
      const base = config().NEXTAUTH_URL ?? `http://localhost:${config().PORT}`;
      console.log(`Invited ${link.email}. Send them this link; it works once, until ${link.expiresAt}:`);
      console.log(new URL(link.path, base).toString());
    } else {
      const user = parseOrThrow(newUserSchema, { email, role, displayName, password });
      await assertStrongPassword(user.password, [user.email, user.displayName]);
      const created = await createUser({ actor: null, user });
      console.log(`Created ${created.role} ${created.email}.`);
    }
    await disconnectDb();
  });
} catch (e) {
  console.error(isAppError(e) ? e.message : scriptFailure(e));
  process.exit(1);
}
