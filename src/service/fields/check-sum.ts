import { hash } from 'node:crypto';

/**
 * The stored `checkSum`: SHA-1, lowercase hex, of the expression's UTF-8 bytes
 * exactly as stored (a lone surrogate encodes as U+FFFD), as production computes it.
 */
export function checkSumOf(expression: string): string {
  return hash('sha1', expression, 'hex');
}
