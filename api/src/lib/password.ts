/**
 * Password hashing with argon2id at OWASP's recommended parameters (19 MiB, 2 passes, 1 lane).
 * The hash is a PHC string, so parameters can be raised later and old hashes still verify.
 */
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot inline). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export async function verifyPassword(phc: string, password: string): Promise<boolean> {
  try {
    return await verify(phc, password);
  } catch {
    return false;
  }
}

/**
 * A fixed hash to verify against when the account does not exist, so that a login for an unknown
 * email costs the same time as one for a known email (no account enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-never-used');
  return decoy;
}
