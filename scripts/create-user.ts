// `npm run user:create -- --email E --role R [--name N]`: the password is read
// from standard input (never from argv, where `ps` and shell history see it).
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { disconnectDb } from '../lib/db';
import { isAppError, parseOrThrow } from '../lib/errors';
import { createUser } from '../lib/users/create-user';
import { newUserSchema } from '../lib/validation/users';
import { withDatabase } from './with-database';

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
  await withDatabase(async () => {
    const user = await createUser({
      actor: null,
      user: parseOrThrow(newUserSchema, { email, role, displayName: name ?? email.split('@')[0], password }),
    });
    console.log(`Created ${user.role} ${user.email}.`);
    await disconnectDb();
  });
} catch (e) {
  console.error(isAppError(e) ? e.message : e);
  process.exit(1);
}
