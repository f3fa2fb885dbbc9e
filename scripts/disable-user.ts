// `npm run user:disable -- --email E`: the account can no longer sign in; its
// sessions end at their next request and its open sockets close at once.
import { parseArgs } from 'node:util';
import { disconnectDb } from '../lib/db';
import { isAppError, parseOrThrow } from '../lib/errors';
import { disableUser } from '../lib/users/disable-user';
import { emailSchema } from '../lib/validation/users';
import { scriptFailure, withDatabase } from './with-database';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
if (!values.email) {
  console.error('Usage: npm run user:disable -- --email E');
  process.exit(2);
}
try {
  await withDatabase(async () => {
    const user = await disableUser({ actor: null, email: parseOrThrow(emailSchema, values.email, 'email') });
    console.log(`Disabled ${user.email}.`);
    await disconnectDb();
  });
} catch (e) {
  console.error(isAppError(e) ? e.message : scriptFailure(e));
  process.exit(1);
}
