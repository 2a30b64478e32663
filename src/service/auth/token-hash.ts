import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens are stored only as the SHA-256 of their text. Every request hashes its
 * token: the one-call `hash` takes about a tenth of the time of a `createHash` object.
 */
export function hashToken(token: string): Buffer {
  return hash('sha256', token, 'buffer');
}

export function generateToken(): string {
  return `cfm_${randomBytes(24).toString('base64url')}`;
}

/** Compares the presented token's hash with every stored hash, without stopping early. */
export function matchesAny(token: string, storedHashes: readonly Buffer[]): boolean {
  const presented = hashToken(token);
  let matched = false;
  for (const stored of storedHashes) {
    if (stored.length === presented.length && timingSafeEqual(stored, presented)) matched = true;
  }
  return matched;
}
