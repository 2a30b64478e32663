/**
 * Counts failed authentications per client. Once a client fails `maxFailures` times
 * within `windowMs`, it is refused until the window that holds those failures has passed.
 */
export class FailedAuthLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly maxFailures = 20,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds the client must wait, or 0 when it may try. */
  retryAfterMs(client: string): number {
    const recent = this.recentFailures(client);
    if (recent.length < this.maxFailures) return 0;
    return recent[recent.length - this.maxFailures]! + this.windowMs - this.now();
  }

  recordFailure(client: string): void {
    const recent = this.recentFailures(client);
    recent.push(this.now());
    this.failures.set(client, recent);
    if (this.failures.size > 10_000) this.forgetIdleClients();
  }

  private recentFailures(client: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.failures.get(client) ?? []).filter((time) => time > since);
  }

  private forgetIdleClients(): void {
    for (const client of this.failures.keys()) {
      if (this.recentFailures(client).length === 0) this.failures.delete(client);
    }
  }
}
