import { expect, it } from 'vitest';
import { demoSignInLines } from './demo-sign-in-lines';

it('prints the token, then a link that carries it only in the fragment', () => {
  const token = 'cfm_a+b/c=d&e#f';
  const [tokenLine, linkLine] = demoSignInLines('http://127.0.0.1:4500', token);
  expect(tokenLine).toBe(`Demo token: ${token}`);
  expect(linkLine).toMatch(/^Sign in: http:\/\/127\.0\.0\.1:4500\/#token=/);

  const link = new URL(linkLine!.replace('Sign in: ', ''));
  expect(link.origin).toBe('http://127.0.0.1:4500');
  expect(link.pathname).toBe('/');
  expect(link.search).toBe('');
  // What a browser sends is everything before the fragment.
  expect(link.href.split('#')[0]).not.toContain('cfm_');
  expect(new URLSearchParams(link.hash.slice(1)).get('token')).toBe(token);
});

it('keeps an IPv6 address as the server printed it', () => {
  const [, linkLine] = demoSignInLines('http://[::1]:4600', 'cfm_token');
  expect(linkLine).toBe('Sign in: http://[::1]:4600/#token=cfm_token');
});
