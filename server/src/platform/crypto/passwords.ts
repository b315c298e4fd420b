import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library defaults (19 MiB, 2 passes, 1 lane: the OWASP baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** False for a wrong password and for anything that is not an argon2 hash (never throws). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
