import type { Role } from '../../contract/journal';

/** Who a token is: its name, and what its role lets it do. */
export interface TokenHolder {
  name: string;
  role: Role;
}

/** Developer tokens as the service keeps them: names, roles and hashes, never the text. */
export interface TokenStore {
  /** Stores a token's hash under a name; returns false when that token exists already. */
  addToken(name: string, token: string, now: number, role?: Role): boolean;
  verify(token: string): boolean;
  /** The holder of a valid token; undefined for any other. */
  identify(token: string): TokenHolder | undefined;
  list(): Array<{ id: number; name: string; role: Role; created: number }>;
  /**
   * The demo token of a demo instance, kept so that restarts print the same one.
   * Only demo stores made by `npm start` have one.
   */
  demoToken(): string | undefined;
  rememberDemoToken(token: string): void;
}
