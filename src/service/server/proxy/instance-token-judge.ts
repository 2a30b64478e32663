import { LRUCache } from 'lru-cache';
import { hashToken } from '../../auth/token-hash';
import { instanceAcceptsToken } from '../../upstream/instance-accepts-token';
import { UpstreamError } from '../../upstream/upstream-client';
import { ApiError } from '../api-error';
import type { TokenJudge, TokenVerdict } from '../token-auth';
import type { ProxiedApi } from './proxied-api';

export const DEFAULT_TOKEN_TRUST_MS = 5 * 60_000;

export interface InstanceTokenJudgeOptions {
  /** How long a token the instance accepted passes without asking it again (`--token-trust`). */
  trustMs?: number;
}

/** How long a token the instance refused is refused without asking it again. */
const REFUSAL_MEMORY_MS = 30_000;
/** Checks with the instance running at once; more are answered 429 meanwhile. */
const MAX_CONCURRENT_CHECKS = 8;
/** Tokens remembered each way (as hashes); the least recently used go first. */
const MAX_REMEMBERED = 10_000;

type Verdict = Exclude<TokenVerdict, 'missing'>;

/**
 * Proxy mode without a token held by the server: the instance is the only judge
 * of a token, so a token not seen accepted within the trust window is put to it
 * (a one-row search) before anything is answered or forwarded. Tokens are kept
 * only as hashes: accepted ones for the trust window, refused ones briefly, so
 * that guesses repeated cost the instance nothing. Concurrent checks of one token
 * share one request, and only a few checks run at once.
 */
export class InstanceTokenJudge implements TokenJudge {
  private readonly accepted: LRUCache<string, true>;
  private readonly refused: LRUCache<string, true>;
  private readonly checking = new Map<string, Promise<Verdict>>();
  private readonly trustMs: number;

  constructor(
    private readonly api: ProxiedApi,
    options: InstanceTokenJudgeOptions = {},
  ) {
    this.trustMs = options.trustMs ?? DEFAULT_TOKEN_TRUST_MS;
    this.accepted = new LRUCache({ max: MAX_REMEMBERED, ttl: Math.max(1, this.trustMs) });
    this.refused = new LRUCache({ max: MAX_REMEMBERED, ttl: REFUSAL_MEMORY_MS });
  }

  known(token: string): TokenVerdict | undefined {
    if (token === '') return 'missing';
    const key = keyOf(token);
    if (this.accepted.has(key)) return 'valid';
    if (this.refused.has(key)) return 'invalid';
    return undefined;
  }

  ask(token: string): Promise<Verdict> {
    const key = keyOf(token);
    const running = this.checking.get(key);
    if (running) return running;
    if (this.checking.size >= MAX_CONCURRENT_CHECKS) return Promise.reject(tooManyChecks());
    const checked = this.checkOnce(token).finally(() => this.checking.delete(key));
    this.checking.set(key, checked);
    return checked;
  }

  answered(token: string, accepted: boolean): void {
    const key = keyOf(token);
    if (accepted) {
      this.refused.delete(key);
      // A trust window of 0 asks the instance on every request.
      if (this.trustMs > 0) this.accepted.set(key, true);
    } else {
      this.accepted.delete(key);
      this.refused.set(key, true);
    }
  }

  private async checkOnce(token: string): Promise<Verdict> {
    let accepts: boolean;
    try {
      const { upstream, timeoutMs = 15_000 } = this.api;
      accepts = await instanceAcceptsToken(upstream, token, timeoutMs);
    } catch (error) {
      const reason = error instanceof UpstreamError ? error.message : 'no answer';
      throw new ApiError(502, `the token could not be checked with the instance: ${reason}`);
    }
    this.answered(token, accepts);
    return accepts ? 'valid' : 'invalid';
  }
}

function tooManyChecks(): ApiError {
  return new ApiError(
    429,
    'too many tokens are being checked with the instance at once; try again in a second',
    undefined,
    { 'retry-after': '1' },
  );
}

function keyOf(token: string): string {
  return hashToken(token).toString('hex');
}
