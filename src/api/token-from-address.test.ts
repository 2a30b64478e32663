import { afterEach, expect, it } from 'vitest';
import { takeTokenFromAddress } from './token-from-address';

afterEach(() => window.history.replaceState(null, '', '/'));

/** Opens `address` as the entry after a page the person came from, as a pasted link does. */
function arriveAt(address: string): void {
  window.history.replaceState(null, '', '/before');
  window.history.pushState({ kept: true }, '', address);
}

it('takes the token and removes it from the address and this history entry at once', () => {
  arriveAt('/fields?q=rev#token=cfm_abc%2B123');
  const lengthBefore = window.history.length;
  expect(takeTokenFromAddress(window.location, window.history)).toBe('cfm_abc+123');
  expect(window.location.href).toBe(`${window.location.origin}/fields?q=rev`);
  expect(window.location.hash).toBe('');
  // Replaced, not added: no entry of the history holds the token.
  expect(window.history.length).toBe(lengthBefore);
  expect(window.history.state).toEqual({ kept: true });
});

it('keeps the rest of a fragment', () => {
  arriveAt('/#section=2&token=cfm_abc');
  expect(takeTokenFromAddress(window.location, window.history)).toBe('cfm_abc');
  expect(window.location.hash).toBe('#section=2');
});

it('leaves an address without a token alone', () => {
  arriveAt('/fields#section=2');
  expect(takeTokenFromAddress(window.location, window.history)).toBeNull();
  expect(window.location.hash).toBe('#section=2');
});

it('removes an empty or oversized token and signs in with neither', () => {
  for (const fragment of ['token=', 'token=%20%20', `token=${'x'.repeat(513)}`]) {
    arriveAt(`/#${fragment}`);
    expect(takeTokenFromAddress(window.location, window.history)).toBeNull();
    expect(window.location.hash).toBe('');
  }
});
