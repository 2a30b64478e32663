/** Developer tokens as the service keeps them: names and hashes, never the text. */
export interface TokenStore {
  /** Stores a token's hash under a name; returns false when that token exists already. */
  addToken(name: string, token: string, now: number): boolean;
  verify(token: string): boolean;
  list(): Array<{ id: number; name: string; created: number }>;
  /**
   * The demo token of a demo instance, kept so that restarts print the same one.
   * Only demo stores made by `npm start` have one.
   */
  demoToken(): string | undefined;
  rememberDemoToken(token: string): void;
}
