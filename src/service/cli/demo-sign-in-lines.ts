import { signInLink } from '../../contract/sign-in-link';

/**
 * What `npm start` prints for a demo instance after its address: the token, and a link
 * that signs in with it. The token is in the link's fragment, which the browser keeps
 * to itself; these lines are the only place the service ever writes the token.
 */
export function demoSignInLines(origin: string, token: string): string[] {
  return [`Demo token: ${token}`, `Sign in: ${signInLink(origin, token)}`];
}
