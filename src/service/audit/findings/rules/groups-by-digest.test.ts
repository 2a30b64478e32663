import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Digests } from '../digests';
import { groupsByDigest, hashOfScope } from './groups-by-digest';

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/**
 * Fields with few scopes and digests, so that many share both and some share one
 * only: SHA-1s in hex, and texts that are not (empty, upper case, short).
 */
const texts = Array.from({ length: 400 }, (_, index) => {
  const kind = (index * 13) % 29;
  if (kind === 0) return '';
  if (kind === 1) return sha1('one').toUpperCase();
  if (kind === 2) return 'A1B2';
  return sha1(`key-${kind}`);
});
const scopeNumbers = Int32Array.from(texts, (_, index) => (index * 7) % 3);
const scopes = {
  hashAt: (at: number) => scopeNumbers[at]!,
  same: (first: number, second: number) => scopeNumbers[first] === scopeNumbers[second],
};
const digests = Digests.of(texts);
/** Some fields archived: they are in no group. */
const isArchived = (at: number) => at % 11 === 4;
const fields = { count: texts.length, isArchived };

/** The groups a Map by scope and text makes: groups of two or more, empty texts and archived fields in none. */
function groupedByMap(): number[][] {
  const groups = new Map<string, number[]>();
  texts.forEach((text, at) => {
    if (text === '' || isArchived(at)) return;
    const name = JSON.stringify([scopeNumbers[at], text]);
    groups.set(name, [...(groups.get(name) ?? []), at]);
  });
  return [...groups.values()].filter((positions) => positions.length > 1);
}

const sorted = (groups: number[][]) => groups.sort((a, b) => a[0]! - b[0]!);

describe('groupsByDigest', () => {
  it('groups as a Map by scope and text does', () => {
    expect(sorted(groupsByDigest(digests, scopes, fields))).toEqual(sorted(groupedByMap()));
  });

  it('groups the same when every scope and digest hash alike, or a few do', () => {
    const expected = sorted(groupedByMap());
    expect(sorted(groupsByDigest(digests, scopes, fields, () => 0))).toEqual(expected);
    const fewHashes = (scopeHash: number, digestHash: number) =>
      hashOfScope(scopeHash, digestHash) % 5;
    expect(sorted(groupsByDigest(digests, scopes, fields, fewHashes))).toEqual(expected);
  });

  it('makes no group of one field not archived and archived copies of it', () => {
    const pair = Digests.of([sha1('a'), sha1('a'), sha1('a')]);
    const sameScope = { hashAt: () => 0, same: () => true };
    const archivedFrom = (first: number) => ({ count: 3, isArchived: (at: number) => at >= first });
    expect(groupsByDigest(pair, sameScope, archivedFrom(3))).toEqual([[0, 1, 2]]);
    expect(groupsByDigest(pair, sameScope, archivedFrom(2))).toEqual([[0, 1]]);
    expect(groupsByDigest(pair, sameScope, archivedFrom(1))).toEqual([]);
  });

  it('hashes to a small whole number', () => {
    texts.forEach((_, at) => {
      const hash = hashOfScope(scopeNumbers[at]!, digests.hashAt(at));
      expect(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30).toBe(true);
    });
    expect(hashOfScope(0, digests.hashAt(5))).not.toBe(hashOfScope(1, digests.hashAt(5)));
  });
});
