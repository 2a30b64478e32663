import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { namePaths } from '../../../contract/names';
import { TOKEN_HEADER } from '../../../contract/paths';
import { presentedToken } from '../token-auth';
import type { TokenAuth } from '../token-auth';
import { upstreamFailure, upstreamUnreachable } from '../proxy/upstream-errors';
import type { NameAnswers } from './name-routes';

/** Names change rarely; a minute keeps a table's pages from asking again for the same ids. */
const NAME_TTL_MS = 60_000;
const NAMES_KEPT = 50_000;
const ANSWER_LIMIT = 2 * 1024 * 1024;

type Entry = Record<string, unknown> & { id: unknown };

export interface UpstreamNamesOptions {
  upstream: URL;
  timeoutMs: number;
  /** A token the server holds and sends; the browser then sends none. */
  heldToken?: string;
  /** Hears the instance's answer to the token sent on. */
  auth: TokenAuth;
  now?: () => number;
}

/**
 * The name routes behind a proxy: each asks the instance, with the caller's token
 * (or the one the server holds), for the ids it has not answered within the last
 * minute, and the server remembers each entry by id. Only a token the instance
 * accepted lately gets here (the server's token policy, token-auth.ts), so what is
 * kept is never answered to a token the instance has not judged. Ids the instance
 * does not answer are left out, as it leaves them out; the app shows those ids.
 */
export function upstreamNames(options: UpstreamNamesOptions): NameAnswers {
  const cache = new LRUCache<string, Entry>({
    max: NAMES_KEPT,
    ttl: NAME_TTL_MS,
    ...(options.now && { perf: { now: options.now } }),
  });
  const base = options.upstream.pathname.replace(/\/+$/, '');

  const ask = async (
    request: FastifyRequest,
    path: string,
    init: { method: 'GET' | 'POST'; body?: string },
  ): Promise<unknown> => {
    const token = options.heldToken ?? presentedToken(request);
    let response: Response;
    try {
      response = await fetch(new URL(`${base}${path}`, options.upstream.origin), {
        method: init.method,
        headers: {
          accept: 'application/json',
          [TOKEN_HEADER]: token,
          ...(init.body !== undefined && { 'content-type': 'application/json' }),
        },
        body: init.body,
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw upstreamUnreachable(
        Object.assign(error as Error, timedOut ? { statusCode: 504 } : {}),
        options.timeoutMs,
      );
    }
    const text = (await response.text()).slice(0, ANSWER_LIMIT);
    if (!response.ok) {
      if (response.status === 401) options.auth.instanceRefused(token, request.ip);
      throw upstreamFailure(response.status, text, {
        retryAfter: response.headers.get('retry-after') ?? undefined,
        sentToken: token,
      });
    }
    if (options.heldToken === undefined) options.auth.instanceAccepted(token);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw upstreamFailure(502, '');
    }
  };

  /** Cached entries for known tokens, the rest from the instance; in the order asked. */
  const lookUp = async (
    kind: string,
    ids: ReadonlyArray<string | number>,
    fetchEntries: (missing: Array<string | number>) => Promise<unknown>,
  ): Promise<Entry[]> => {
    const key = (id: string | number) => `${kind}:${id}`;
    // The token passed the server's token policy: the instance accepted it lately.
    const missing = ids.filter((id) => !cache.has(key(id)));
    const fetched = new Map<string, Entry>();
    if (missing.length > 0) {
      const answer = await fetchEntries(missing);
      for (const entry of Array.isArray(answer) ? answer : []) {
        const id = (entry as Entry | null)?.id;
        if (typeof id !== 'string' && typeof id !== 'number') continue;
        fetched.set(key(id), entry as Entry);
        cache.set(key(id), entry as Entry);
      }
    }
    return ids.flatMap((id) => fetched.get(key(id)) ?? cache.get(key(id)) ?? []);
  };

  return {
    users: (ids, includeDetails, request) =>
      lookUp(includeDetails ? 'user+detail' : 'user', ids, (missing) =>
        ask(
          request,
          `${namePaths.users}?${new URLSearchParams({ id: missing.join(','), includeDetails: String(includeDetails) })}`,
          { method: 'GET' },
        ),
      ),
    cards: (ids, withOwners, request) =>
      lookUp(withOwners ? 'card+owners' : 'card', ids, (missing) =>
        ask(
          request,
          `${namePaths.cards}?${new URLSearchParams({ urns: missing.join(','), parts: withOwners ? 'metadata,owners' : 'metadata' })}`,
          { method: 'GET' },
        ),
      ),
    dataSources: async (ids, request) => ({
      dataSources: await lookUp('dataSource', ids, async (missing) => {
        const answer = await ask(request, `${namePaths.dataSources}?part=core`, {
          method: 'POST',
          body: JSON.stringify(missing),
        });
        return (answer as { dataSources?: unknown } | null)?.dataSources;
      }),
    }),
  };
}
