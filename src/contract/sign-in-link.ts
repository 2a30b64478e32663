// The demo's sign-in link carries the token in the address's fragment (`#token=...`),
// which browsers never send to a server. The service writes such links; the app reads
// them. See docs/web-app.md, "Signing in with a link".

/** The fragment parameter that holds the token. */
export const SIGN_IN_FRAGMENT_KEY = 'token';

/** Longer values are not tokens; a link carrying one is ignored. */
export const MAX_LINKED_TOKEN_LENGTH = 512;

/** `origin` (such as `http://127.0.0.1:4500`) with the token in the fragment. */
export function signInLink(origin: string, token: string): string {
  const fragment = new URLSearchParams({ [SIGN_IN_FRAGMENT_KEY]: token });
  return `${origin}/#${fragment.toString()}`;
}
