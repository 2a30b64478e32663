import { describe, expect, it } from 'vitest';
import { checkSumOf } from './check-sum';

describe('checkSumOf', () => {
  it('is the SHA-1 of the text as given (values from sha1sum)', () => {
    expect(checkSumOf('SUM(`a`)')).toBe('c68fe21589814e0fe293e1ebe2df38c759a9f9a1');
    expect(checkSumOf('SUM(`Revenue`) / NULLIF(COUNT(DISTINCT `Order ID`), 0)')).toBe(
      '2f86f87ccb20bbd32c1f2115ebd12e17622f058e',
    );
    expect(checkSumOf("CONCAT(`Größe`, '€')")).toBe('9950419557648ac0dd84e853ff18dfa7905ddada');
    expect(checkSumOf('')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
  });

  it('changes with whitespace, since it hashes the text exactly as stored', () => {
    expect(checkSumOf('SUM(`a`) ')).not.toBe(checkSumOf('SUM(`a`)'));
  });
});
