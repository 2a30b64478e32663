import { hashToken } from './token-hash';

/**
 * Tokens an instance behind the proxy accepted lately, kept only as hashes for a
 * short while. A token in here is known to be valid, so it passes the
 * failed-authentication limit that guesses from the same address have set off.
 */
export class AcceptedTokens {
  private readonly expiries = new Map<string, number>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  has(token: string): boolean {
    const key = keyOf(token);
    const expiry = this.expiries.get(key);
    if (expiry === undefined) return false;
    if (expiry > this.now()) return true;
    this.expiries.delete(key);
    return false;
  }

  remember(token: string): void {
    if (this.expiries.size >= this.maxEntries) this.forgetExpired();
    // Still full of live entries: drop the oldest, Maps keep insertion order.
    if (this.expiries.size >= this.maxEntries) {
      this.expiries.delete(this.expiries.keys().next().value!);
    }
    const key = keyOf(token);
    this.expiries.delete(key);
    this.expiries.set(key, this.now() + this.ttlMs);
  }

  forget(token: string): void {
    this.expiries.delete(keyOf(token));
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [key, expiry] of this.expiries) if (expiry <= now) this.expiries.delete(key);
  }
}

function keyOf(token: string): string {
  return hashToken(token).toString('hex');
}
