// argon2id password hashing with OWASP's recommended parameters.
import 'server-only';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id (a const enum, so not importable under isolatedModules).
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

// Verifying against a fixed hash when the account does not exist keeps the
// response time the same, so timing does not reveal which emails are registered.
let dummy: Promise<string> | undefined;
export async function burnPasswordCheck(password: string) {
  dummy ??= hashPassword('factdesk-timing-equaliser');
  await verifyPassword(await dummy, password);
}
