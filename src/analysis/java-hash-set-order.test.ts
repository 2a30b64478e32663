import { describe, expect, it } from 'vitest';
import { javaHashSetOrder, javaStringHashCode } from './java-hash-set-order';

describe('javaStringHashCode', () => {
  it.each([
    ['', 0],
    ['a', 97],
    ['SUM', 82475],
    ['hello', 99162322],
    // Both overflow 32 bits on the way; Java prints these values.
    ['SERVICE_OP_SUBTRACT', 714619144],
    ['polygenelubricants', -2147483648],
  ])('%j hashes to %i as in Java', (text, hash) => {
    expect(javaStringHashCode(text)).toBe(hash);
  });
});

describe('javaHashSetOrder', () => {
  it('orders by bucket, not by insertion', () => {
    // Buckets with 16 slots: SUM 10, ADDDATE 3, DATEDIFF 11.
    expect(javaHashSetOrder(['SUM', 'ADDDATE', 'DATEDIFF'])).toEqual([
      'ADDDATE',
      'SUM',
      'DATEDIFF',
    ]);
    expect(javaHashSetOrder(['DATEDIFF', 'SUM', 'ADDDATE'])).toEqual([
      'ADDDATE',
      'SUM',
      'DATEDIFF',
    ]);
  });

  it('keeps insertion order inside one bucket', () => {
    // "Aa" and "BB" have the same String.hashCode (2112), so they share every bucket.
    expect(javaHashSetOrder(['Aa', 'BB'])).toEqual(['Aa', 'BB']);
    expect(javaHashSetOrder(['BB', 'Aa'])).toEqual(['BB', 'Aa']);
  });

  it('lists each name once', () => {
    expect(javaHashSetOrder(['SUM', 'SUM', 'AVG', 'SUM'])).toEqual(
      javaHashSetOrder(['SUM', 'AVG']),
    );
  });

  it('doubles the table after the twelfth name, which moves names to new buckets', () => {
    // With 16 buckets "A" (65) sits in bucket 1 and "Q" (81) also in 1, A first;
    // with 32 buckets Q moves to bucket 17, after every name in buckets 2..16.
    const twelve = ['Q', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
    expect(javaHashSetOrder(twelve).slice(0, 3)).toEqual(['Q', 'A', 'B']);
    const thirteen = [...twelve, 'L'];
    expect(javaHashSetOrder(thirteen)).toEqual([
      'A',
      'B',
      'C',
      'D',
      'E',
      'F',
      'G',
      'H',
      'I',
      'J',
      'K',
      'L',
      'Q',
    ]);
  });
});
