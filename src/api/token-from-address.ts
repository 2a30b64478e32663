import { MAX_LINKED_TOKEN_LENGTH, SIGN_IN_FRAGMENT_KEY } from '../contract/sign-in-link';

/**
 * Takes the token a sign-in link carries in the address's fragment (`#token=...`),
 * and removes it from the address bar and from this history entry before anything
 * renders or requests, so it cannot be bookmarked, shared or reached with Back.
 * Anything else in the fragment stays. Answers the token, or null when the address
 * carries none (an empty or oversized one is removed all the same, and ignored).
 */
export function takeTokenFromAddress(location: Location, history: History): string | null {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (!fragment.has(SIGN_IN_FRAGMENT_KEY)) return null;
  const token = fragment.get(SIGN_IN_FRAGMENT_KEY)!.trim();
  fragment.delete(SIGN_IN_FRAGMENT_KEY);
  const rest = fragment.toString();
  history.replaceState(
    history.state,
    '',
    `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`,
  );
  return token !== '' && token.length <= MAX_LINKED_TOKEN_LENGTH ? token : null;
}
