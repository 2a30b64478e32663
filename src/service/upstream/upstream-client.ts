import { STATUS_CODES } from 'node:http';
import type { DirectoryKind, DirectoryResponse } from '../../contract/directory';
import { directoryListQuery } from '../../contract/directory';
import type { CardOwners, DataSourceOwner, UserName } from '../../contract/names';
import {
  cardOwnersAnswerSchema,
  dataSourceOwnersAnswerSchema,
  namePaths,
  usersAnswerSchema,
} from '../../contract/names';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import type { UpstreamSearchBody } from '../../contract/upstream-allow-list';
import { assertAllowedSearch } from '../../contract/upstream-allow-list';
import type { RetryPolicy } from './retry-policy';
import { backoffMs, defaultRetryPolicy, retryAfterMs, sleep } from './retry-policy';

/** Why a request to the instance did not succeed, in words safe to show (never the token or its body). */
export class UpstreamError extends Error {
  constructor(
    readonly kind: 'refused' | 'failed' | 'unreachable' | 'unexpected',
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface UpstreamClientOptions {
  /** The instance's base address. */
  upstream: URL;
  token: string;
  timeoutMs: number;
  retry?: Partial<RetryPolicy>;
  /** Hears what the client waits for ("the instance asked to wait 30 s"), and undefined when it stops waiting. */
  onWait?: (message: string | undefined) => void;
}

interface Answer {
  status: number;
  body: unknown;
}

const named = (status: number) => `${status} ${STATUS_CODES[status] ?? ''}`.trim();

/**
 * This server's own requests to a real instance (scans, the snapshot's refresh),
 * as opposed to the browser's requests the proxy forwards. It honours 429 and
 * Retry-After, backs off on 5xx, timeouts and lost connections, and sends only
 * filters and sorts production is known to accept (upstream-allow-list.ts).
 */
export class UpstreamClient {
  readonly counters = { requests: 0, retries: 0 };
  private readonly policy: RetryPolicy;
  private readonly basePath: string;
  /** Set once the instance has sorted by lastModified as asked (see detect-sort-support.ts). */
  lastModifiedSortWorks = false;
  /**
   * Until when (Date.now()) every request waits: a 429 asks the client, not one
   * request, to slow down. Requests sent meanwhile by the other readers of a scan
   * would each be refused too, and try again all at once when their waits ended.
   */
  private heldUntil = 0;

  constructor(private readonly options: UpstreamClientOptions) {
    this.policy = { ...defaultRetryPolicy, ...options.retry };
    this.basePath = options.upstream.pathname.replace(/\/+$/, '');
  }

  async search(
    body: UpstreamSearchBody,
    signal: AbortSignal,
  ): Promise<{ totalHits: number; results: unknown[] }> {
    assertAllowedSearch(body, this.lastModifiedSortWorks);
    const answer = await this.send('POST', apiPaths.search, body, signal);
    if (answer.status !== 200 && answer.status !== 201) throw this.failure(answer.status, 'search');
    const page = answer.body as { totalHits?: unknown; results?: unknown } | null;
    if (!Number.isSafeInteger(page?.totalHits) || !Array.isArray(page?.results)) {
      throw new UpstreamError(
        'unexpected',
        'the instance answered a search without totalHits and results',
      );
    }
    return { totalHits: page.totalHits as number, results: page.results };
  }

  /**
   * The complete field, read the way published clients do (`?hidden=true`);
   * `undefined` on 404. Whether a 404 means "no such field" or "no such route" is
   * the caller's to tell (it knows whether this route answered before).
   */
  async getTemplate(id: number, signal: AbortSignal): Promise<{ status: number; field?: unknown }> {
    const answer = await this.send('GET', apiPaths.readField(id), undefined, signal);
    if (answer.status === 200) return { status: 200, field: answer.body };
    if (answer.status === 404 || answer.status === 405) return { status: answer.status };
    throw this.failure(answer.status, `reading field ${id}`);
  }

  /**
   * One page of the directory extension (names and columns); undefined when the
   * instance does not offer it, as a real instance does not.
   */
  async directoryPage(
    kind: DirectoryKind,
    offset: number,
    limit: number,
    signal: AbortSignal,
  ): Promise<DirectoryResponse | undefined> {
    const query = directoryListQuery({ kind, offset, limit });
    const answer = await this.send('GET', `${apiPaths.directory}?${query}`, undefined, signal);
    if (answer.status !== 200) return undefined;
    return answer.body as DirectoryResponse;
  }

  /**
   * Users named by production's users endpoint, with whether each is active;
   * undefined when the instance does not offer it. At most 100 ids.
   */
  async users(ids: readonly number[], signal: AbortSignal): Promise<UserName[] | undefined> {
    const query = new URLSearchParams({ id: ids.join(','), includeDetails: 'true' });
    const answer = await this.send('GET', `${namePaths.users}?${query}`, undefined, signal);
    if (answer.status === 404 || answer.status === 405) return undefined;
    if (answer.status !== 200) throw this.failure(answer.status, 'naming owners');
    const read = usersAnswerSchema.safeParse(answer.body);
    return read.success ? read.data : undefined;
  }

  /**
   * Data sources with their owners, from production's bulk endpoint; undefined
   * when the instance does not offer it. At most 100 ids.
   */
  async dataSourceOwners(
    ids: readonly string[],
    signal: AbortSignal,
  ): Promise<DataSourceOwner[] | undefined> {
    const answer = await this.send('POST', `${namePaths.dataSources}?part=core`, ids, signal);
    if (answer.status === 404 || answer.status === 405) return undefined;
    if (answer.status !== 200) throw this.failure(answer.status, 'reading data sources');
    const read = dataSourceOwnersAnswerSchema.safeParse(answer.body);
    return read.success ? read.data : undefined;
  }

  /**
   * Cards with their owners (`parts=metadata,owners`); undefined when the instance
   * does not offer the endpoint. At most 100 ids.
   */
  async cardOwners(ids: readonly string[], signal: AbortSignal): Promise<CardOwners[] | undefined> {
    const query = new URLSearchParams({ urns: ids.join(','), parts: 'metadata,owners' });
    const answer = await this.send('GET', `${namePaths.cards}?${query}`, undefined, signal);
    if (answer.status === 404 || answer.status === 405) return undefined;
    if (answer.status !== 200) throw this.failure(answer.status, 'reading cards');
    const read = cardOwnersAnswerSchema.safeParse(answer.body);
    return read.success ? read.data : undefined;
  }

  private failure(status: number, what: string): UpstreamError {
    if (status === 401 || status === 403) {
      return new UpstreamError(
        'refused',
        `the instance refused the token (${named(status)}) while ${what}`,
        status,
      );
    }
    return new UpstreamError(
      'failed',
      `the instance answered ${named(status)} while ${what}`,
      status,
    );
  }

  /** One request, tried again as the retry policy says. */
  private async send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<Answer> {
    let failures = 0;
    let throttled = 0;
    for (;;) {
      signal.throwIfAborted();
      const held = this.heldUntil - Date.now();
      if (held > 0) await sleep(held, signal);
      this.counters.requests += 1;
      let outcome: { answer: Answer; retryAfter: string | null } | { error: UpstreamError };
      try {
        outcome = await this.once(method, path, body, signal);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw error;
      }
      if ('answer' in outcome && outcome.answer.status === 429) {
        throttled += 1;
        if (throttled > this.policy.throttledTries) {
          throw new UpstreamError(
            'failed',
            `the instance kept answering 429 Too Many Requests (${throttled} times)`,
            429,
          );
        }
        const wait = retryAfterMs(outcome.retryAfter, this.policy);
        this.heldUntil = Math.max(this.heldUntil, Date.now() + wait);
        await this.wait(
          wait,
          `the instance asked to slow down; waiting ${Math.ceil(wait / 1000)} s`,
          signal,
        );
        continue;
      }
      if ('error' in outcome && outcome.error.kind !== 'unreachable') throw outcome.error;
      const transient =
        'error' in outcome || (outcome.answer.status >= 500 && outcome.answer.status <= 599);
      if (!transient) return (outcome as { answer: Answer }).answer;
      failures += 1;
      const reason =
        'error' in outcome
          ? outcome.error.message
          : `the instance answered ${named(outcome.answer.status)}`;
      if (failures >= this.policy.attempts) {
        throw 'error' in outcome
          ? outcome.error
          : new UpstreamError(
              'failed',
              `${reason} ${failures} times in a row`,
              outcome.answer.status,
            );
      }
      const wait = backoffMs(failures, this.policy);
      await this.wait(wait, `${reason}; trying again in ${Math.ceil(wait / 1000)} s`, signal);
    }
  }

  private async wait(ms: number, message: string, signal: AbortSignal): Promise<void> {
    this.counters.retries += 1;
    this.options.onWait?.(message);
    try {
      await sleep(ms, signal);
    } finally {
      this.options.onWait?.(undefined);
    }
  }

  private async once(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    signal: AbortSignal,
  ): Promise<{ answer: Answer; retryAfter: string | null } | { error: UpstreamError }> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(new URL(`${this.basePath}${path}`, this.options.upstream.origin), {
        method,
        headers: {
          accept: 'application/json',
          [TOKEN_HEADER]: this.options.token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.any([signal, timeout]),
        redirect: 'error',
      });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (timeout.aborted) {
        return {
          error: new UpstreamError(
            'unreachable',
            `the instance did not answer within ${this.options.timeoutMs / 1000} s`,
          ),
        };
      }
      const cause = (error as { cause?: { code?: string } }).cause?.code ?? 'no answer';
      return {
        error: new UpstreamError('unreachable', `the instance could not be reached (${cause})`),
      };
    }
    const text = await response.text().catch(() => '');
    let parsed: unknown;
    if (response.ok) {
      try {
        parsed = JSON.parse(text);
      } catch {
        return {
          error: new UpstreamError(
            'unexpected',
            `the instance answered ${named(response.status)} with something that is not JSON`,
            response.status,
          ),
        };
      }
    }
    return {
      answer: { status: response.status, body: parsed },
      retryAfter: response.headers.get('retry-after'),
    };
  }
}
