import { expect, it } from 'vitest';
import { hashToken, matchesAny } from './token-hash';

it('hashes a token to the SHA-256 of its UTF-8 text, as stores written before hold it', () => {
  // printf '%s' 'cfm_token-ü' | sha256sum
  expect(hashToken('cfm_token-ü').toString('hex')).toBe(
    'de735e6e5b49a18f327316af2319a82f60a66a546cf0d9dcef65049fd8082d8e',
  );
  expect(matchesAny('cfm_token-ü', [hashToken('other'), hashToken('cfm_token-ü')])).toBe(true);
  expect(matchesAny('cfm_token-u', [hashToken('cfm_token-ü')])).toBe(false);
});
