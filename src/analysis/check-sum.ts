import { hash } from 'node:crypto';

/** SHA-1, lowercase hex, of the text's UTF-8 bytes (a lone surrogate encodes as U+FFFD). */
export function checkSumOf(expression: string): string {
  return hash('sha1', expression, 'hex');
}
