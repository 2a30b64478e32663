import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { normalizeFilter, type NormalizedFilter } from '../../contract/search-validation';
import type { SortField } from '../../contract/search';
import type { DirectoryStore } from '../store/directory-store';
import { searchItemOf } from '../../contract/field';
import { validateFormulas } from '../fields/validate-formulas';
import type { FieldStore } from '../store/field-store';
import { namePaths } from '../../contract/names';
import { upstreamFilterNames } from '../../contract/upstream-allow-list';
import { asProductionSends } from '../../test-support/production-variant';

export interface UpstreamRequest {
  method: string;
  /** Path and query exactly as received. */
  url: string;
  token: string | undefined;
  body: string;
  /** When it arrived and when its answer was sent (Date.now()); undefined while waiting or dropped. */
  receivedAt: number;
  answeredAt?: number;
}

export interface ProductionLikeOptions {
  store: FieldStore;
  token: string;
  /** Each answer waits a random time in this range (ms). */
  latencyMs?: [number, number];
  /** What a filter production does not have gets: a 400, or silently nothing. */
  unknownFilters?: 'refuse' | 'ignore';
  /** Whether `lastModified` sorts; otherwise it is ignored like any unknown sort would be. */
  sortsByLastModified?: boolean;
  /** Equal sort keys come back in a different order on every call, as production's do. */
  unstableTies?: boolean;
  /** Fields the instance has deleted: a test adds ids to delete them (the store has no delete). */
  deleted?: ReadonlySet<number>;
  /**
   * Answers instead of the instance when it returns an answer (throttling,
   * failures); `drop` closes the connection without any answer.
   */
  intercept?: (
    request: UpstreamRequest,
  ) => { status: number; body: string; headers?: Record<string, string> } | 'drop' | undefined;
  /**
   * Answers fields as production may send them (test-support/production-variant.ts):
   * numeric link ids, a link type the app does not know, null or absent dataType,
   * extra properties, and the field `malformedId` names malformed.
   */
  variant?: { malformedId?: number };
  /**
   * Reads from the store only the asked page and the runs of equal keys it cuts,
   * instead of every match, so a benchmark at 100,000 fields measures the proxy
   * rather than this double. Answers are alike in distribution (ties shuffled the
   * same way); not with `deleted`.
   */
  windowed?: boolean;
  /**
   * Holds a request until the promise it gives settles, then answers it as the
   * instance is then (a test holding reads until it has seen the proxy answer).
   */
  answerAfter?: (request: UpstreamRequest) => Promise<unknown> | undefined;
  /** Answers production's name endpoints (users, cards, data sources) from it when given. */
  directory?: DirectoryStore;
  /** The port to listen on; a free one when absent. */
  port?: number;
  /**
   * How long a write stays out of search answers (production's index lags its
   * writes); a GET of the field shows it at once. No lag when absent.
   */
  searchLagMs?: number;
  /**
   * Adds the routes under `controlPrefix` that browser journeys use from another
   * process: switch how unknown filters are answered, read the requests received,
   * count fields with any filter (the true answer). Never on a real instance.
   */
  control?: boolean;
}

/** Where the test-only control routes live (see `control`). */
export const controlPrefix = '/__fake-instance';

const htmlNotFound =
  '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>';

/** Error bodies in a shape of their own, not this project's. */
function foreignError(status: number, error: string, message: string, path: string): string {
  return JSON.stringify({
    timestamp: '2026-01-01T00:00:00.000+00:00',
    status,
    error,
    message,
    path,
  });
}

/** Production's name endpoints over a directory store; undefined for any other path. */
function nameAnswer(
  directory: DirectoryStore,
  request: UpstreamRequest,
  path: string,
): { status: number; body: string } | undefined {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  const ids = (name: string) => (query.get(name) ?? '').split(',').filter(Boolean);
  if (path === namePaths.users && request.method === 'GET')
    return { status: 200, body: JSON.stringify(directory.users(ids('id').map(Number))) };
  if (path === namePaths.cards && request.method === 'GET') {
    const withOwners = ids('parts').includes('owners');
    return { status: 200, body: JSON.stringify(directory.cards(ids('urns'), withOwners)) };
  }
  if (path === namePaths.dataSources && request.method === 'POST') {
    let asked: unknown;
    try {
      asked = JSON.parse(request.body);
    } catch {
      asked = undefined;
    }
    if (!Array.isArray(asked)) return { status: 400, body: '{"message":"Bad Request"}' };
    const found = directory.dataSources(asked.map(String));
    return { status: 200, body: JSON.stringify({ dataSources: found }) };
  }
  return undefined;
}

const knownSorts = new Set<SortField>(['name', 'created']);

function shuffle<T>(items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
}

/** Items in the requested order, each run of equal sort keys shuffled. */
function withUnstableTies(
  items: Array<Record<string, unknown>>,
  field: SortField,
): Array<Record<string, unknown>> {
  const keyOf = (item: Record<string, unknown>) =>
    field === 'name' ? String(item.name).toLowerCase() : String(item[field]);
  const result: Array<Record<string, unknown>> = [];
  for (let start = 0; start < items.length;) {
    let end = start + 1;
    while (end < items.length && keyOf(items[end]!) === keyOf(items[start]!)) end += 1;
    result.push(...shuffle(items.slice(start, end)));
    start = end;
  }
  return result;
}

/**
 * An instance shaped like production rather than like this project's service,
 * over a real store: only the two operations and GET template (no statistics, no
 * directory extension; production's name endpoints when given a directory), a name sort whose ties move on every call, 404 and 401 bodies of
 * another shape, an HTML page for every path it does not serve, latency, and
 * filters it does not know refused or ignored. Tests and the browser journeys of
 * proxy mode run against it (docs/testing.md).
 */
export async function startProductionLikeUpstream(options: ProductionLikeOptions) {
  const requests: UpstreamRequest[] = [];
  const { store } = options;
  let unknownFilters = options.unknownFilters ?? 'refuse';
  const shaped = (item: Record<string, unknown>) =>
    options.variant ? asProductionSends(item, options.variant.malformedId) : item;

  const answer = (request: UpstreamRequest): { status: number; body: string; type?: string } => {
    const path = request.url.split('?')[0]!;
    const names = options.directory && nameAnswer(options.directory, request, path);
    if (names) {
      return request.token === options.token
        ? names
        : {
            status: 401,
            body: foreignError(
              401,
              'Unauthorized',
              'Full authentication is required to access this resource',
              path,
            ),
          };
    }
    const template = /^\/api\/query\/v1\/functions\/template\/(\d+)$/.exec(path);
    const isSearch = path === '/api/query/v1/functions/search';
    const isBulk = path === '/api/query/v1/functions/bulk/template';
    const isCreate = path === '/api/query/v1/functions/template';
    const isValidate = path === '/api/query/v1/functions/validateFormulas';
    if (!template && !isSearch && !isBulk && !isCreate && !isValidate)
      return { status: 404, body: htmlNotFound, type: 'text/html' };
    if (request.token !== options.token) {
      return {
        status: 401,
        body: foreignError(
          401,
          'Unauthorized',
          'Full authentication is required to access this resource',
          path,
        ),
      };
    }
    if (template) {
      const id = Number(template[1]);
      if (options.deleted?.has(id))
        return {
          status: 404,
          body: foreignError(404, 'Not Found', `Function template ${id} not found`, path),
        };
      if (request.method === 'GET') {
        const field = store.getField(id);
        return field
          ? { status: 200, body: JSON.stringify(shaped({ ...field })) }
          : {
              status: 404,
              body: foreignError(404, 'Not Found', `Function template ${id} not found`, path),
            };
      }
      if (request.method === 'DELETE') {
        lag(id);
        const outcome = store.deleteField(id);
        if (outcome.kind === 'refused')
          return {
            status: outcome.refusal.status,
            body: foreignError(outcome.refusal.status, 'Refused', outcome.refusal.message, path),
          };
        return { status: 200, body: '' };
      }
      if (request.method === 'PUT') {
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(request.body) as Record<string, unknown>;
        } catch {
          body = {};
        }
        if (Object.keys(body).some((key) => key !== 'locked')) {
          lag(id);
          const outcome = store.updateField(id, body, Date.now());
          if (outcome.kind === 'refused')
            return {
              status: outcome.refusal.status,
              body: foreignError(outcome.refusal.status, 'Refused', outcome.refusal.message, path),
            };
          return { status: 200, body: JSON.stringify(outcome.field) };
        }
        const { locked } = body;
        if (typeof locked !== 'boolean')
          return {
            status: 400,
            body: foreignError(400, 'Bad Request', 'Invalid request body', path),
          };
        const field = store.setLocked(id, locked, Date.now());
        return field
          ? { status: 200, body: JSON.stringify(shaped({ ...field })) }
          : {
              status: 404,
              body: foreignError(404, 'Not Found', `Function template ${id} not found`, path),
            };
      }
      return {
        status: 405,
        body: foreignError(405, 'Method Not Allowed', 'Request method not supported', path),
      };
    }
    if (request.method !== 'POST')
      return {
        status: 405,
        body: foreignError(405, 'Method Not Allowed', 'Request method not supported', path),
      };
    if (isCreate) {
      const outcome = store.createField(JSON.parse(request.body), Date.now());
      return outcome.kind === 'written'
        ? { status: 200, body: JSON.stringify(outcome.field) }
        : { status: 400, body: foreignError(400, 'Bad Request', 'Invalid template', path) };
    }
    if (isValidate)
      return { status: 200, body: JSON.stringify(validateFormulas(JSON.parse(request.body))) };
    return isBulk ? bulk(request.body) : search(request.body, path);
  };

  /** Search results as they were before a recent write, by field id, and until when. */
  const lagging = new Map<number, { item: string | undefined; until: number }>();
  const lag = (id: number) => {
    if (!options.searchLagMs || lagging.has(id)) return;
    const before = store.getField(id);
    lagging.set(id, {
      item: before && JSON.stringify(searchItemOf(before)),
      until: Date.now() + options.searchLagMs,
    });
  };
  /** A search result as the lagging index still has it. */
  const asIndexed = (item: Record<string, unknown>): Record<string, unknown> => {
    const old = lagging.get(item.id as number);
    if (!old || old.until < Date.now() || old.item === undefined) return item;
    return JSON.parse(old.item) as Record<string, unknown>;
  };

  /** Applies each item as production does, and answers 200 with an empty body (its answer is undocumented). */
  const bulk = (text: string) => {
    const body = JSON.parse(text) as {
      update?: Array<Record<string, unknown> & { id: number }>;
      delete?: number[];
    };
    for (const item of body.update ?? []) {
      lag(item.id);
      const { id, ...change } = item;
      if (Object.keys(change).length === 1 && typeof change.locked === 'boolean')
        store.setLocked(id, change.locked, Date.now());
      else store.updateField(id, change, Date.now());
    }
    for (const id of body.delete ?? []) {
      lag(Number(id));
      store.deleteField(Number(id));
    }
    return { status: 200, body: '' };
  };

  const search = (text: string, path: string) => {
    const refuse = (message: string) => ({
      status: 400,
      body: foreignError(400, 'Bad Request', message, path),
    });
    let body: {
      filters?: unknown;
      sort?: { field?: unknown; ascending?: unknown };
      limit?: unknown;
      offset?: unknown;
      name?: unknown;
    };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return refuse('Malformed JSON');
    }
    const filters: NormalizedFilter[] = [];
    for (const [index, raw] of (Array.isArray(body.filters) ? body.filters : []).entries()) {
      const field = String((raw as { field?: unknown } | null)?.field ?? '').toLowerCase();
      if (!upstreamFilterNames.has(field)) {
        if (unknownFilters === 'ignore') continue;
        return refuse(`Unknown filter field: ${field}`);
      }
      const normalized = normalizeFilter(raw, `filters[${index}]`);
      if (!('filter' in normalized)) return refuse('Invalid filter');
      filters.push(normalized.filter);
    }
    const requested = String(body.sort?.field ?? 'name') as SortField;
    const sortable =
      knownSorts.has(requested) || (requested === 'lastModified' && options.sortsByLastModified);
    // An unknown sort is not refused: the answer simply comes back in name order.
    const sort = {
      field: sortable ? requested : ('name' as SortField),
      ascending: body.sort?.ascending !== false,
    };
    const limit = Number(body.limit);
    const offset = Number(body.offset ?? 0);
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 5000)
      return refuse('limit must be between 1 and 5000');
    const name = typeof body.name === 'string' && body.name !== '*' ? body.name : '';
    if (options.windowed && !options.deleted) {
      return windowedSearch({ filters, sort, name }, offset, limit);
    }
    const all: Array<Record<string, unknown>> = [];
    for (let from = 0; ; from += 5000) {
      const page = store.search({ filters, sort, limit: 5000, offset: from, name });
      for (const json of page.results) {
        const item = asIndexed(JSON.parse(json) as Record<string, unknown>);
        if (!options.deleted?.has(item.id as number)) all.push(shaped(item));
      }
      if (!page.hasMore) break;
    }
    const ordered = options.unstableTies === false ? all : withUnstableTies(all, sort.field);
    const results = ordered.slice(offset, offset + limit);
    return {
      status: 200,
      body: JSON.stringify({
        totalHits: all.length,
        results,
        hasMore: offset + results.length < all.length,
        degraded: false,
      }),
    };
  };

  /** See `windowed`: the page, with each run of equal keys it cuts shuffled whole. */
  const windowedSearch = (
    query: {
      filters: NormalizedFilter[];
      sort: { field: SortField; ascending: boolean };
      name: string;
    },
    offset: number,
    limit: number,
  ) => {
    const keyOf = (item: Record<string, unknown>) =>
      query.sort.field === 'name'
        ? String(item.name).toLowerCase()
        : String(item[query.sort.field]);
    const read = (from: number, count: number) => {
      const page = store.search({ ...query, limit: count, offset: from });
      return {
        totalHits: page.totalHits,
        items: page.results.map((json) => JSON.parse(json) as Record<string, unknown>),
      };
    };
    const { totalHits, items } = read(offset, limit);
    let start = offset;
    let window = items;
    // Extend backwards and forwards while the edge item's key continues.
    while (start > 0 && window.length > 0) {
      const before = read(Math.max(0, start - 100), Math.min(100, start)).items;
      const edge = keyOf(window[0]!);
      const run = before.length - before.findLastIndex((item) => keyOf(item) !== edge) - 1;
      window = [...before.slice(before.length - run), ...window];
      start -= run;
      if (run < before.length) break;
    }
    let end = start + window.length;
    while (end < totalHits && window.length > 0) {
      const after = read(end, 100).items;
      const edge = keyOf(window[window.length - 1]!);
      const stop = after.findIndex((item) => keyOf(item) !== edge);
      const run = stop === -1 ? after.length : stop;
      window = [...window, ...after.slice(0, run)];
      end += run;
      if (stop !== -1 || after.length === 0) break;
    }
    const ordered =
      options.unstableTies === false ? window : withUnstableTies(window, query.sort.field);
    const results = ordered.slice(offset - start, offset - start + limit).map(shaped);
    return {
      status: 200,
      body: JSON.stringify({
        totalHits,
        results,
        hasMore: offset + results.length < totalHits,
        degraded: false,
      }),
    };
  };

  /** The control routes' answers, or undefined for any other path. */
  const control = (method: string, url: string, body: string) => {
    const [path, query] = url.split('?') as [string, string | undefined];
    if (path === `${controlPrefix}/unknown-filters` && method === 'PUT') {
      if (body !== 'refuse' && body !== 'ignore')
        return { status: 400, body: '"refuse or ignore"' };
      unknownFilters = body;
      return { status: 204, body: '' };
    }
    if (path === `${controlPrefix}/requests` && method === 'GET') {
      const from = Number(new URLSearchParams(query).get('from') ?? 0);
      const received = requests.slice(from).map(({ method, url, body }) => ({ method, url, body }));
      return { status: 200, body: JSON.stringify({ next: requests.length, requests: received }) };
    }
    if (path === `${controlPrefix}/count` && method === 'POST') {
      const filters: NormalizedFilter[] = [];
      let raws: unknown[];
      try {
        raws = (JSON.parse(body) as { filters: unknown[] }).filters;
      } catch {
        return { status: 400, body: '"malformed JSON"' };
      }
      for (const raw of raws) {
        const normalized = normalizeFilter(raw, 'filters');
        if (!('filter' in normalized)) return { status: 400, body: '"invalid filter"' };
        filters.push(normalized.filter);
      }
      const page = store.search({
        filters,
        sort: { field: 'name', ascending: true },
        limit: 1,
        offset: 0,
        name: '',
      });
      return { status: 200, body: JSON.stringify({ count: page.totalHits }) };
    }
    return undefined;
  };

  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    let body = '';
    incoming.on('data', (chunk) => (body += String(chunk)));
    incoming.on('end', () => {
      const controlled = options.control
        ? control(incoming.method ?? '', incoming.url ?? '', body)
        : undefined;
      if (controlled) {
        outgoing.writeHead(controlled.status, { 'content-type': 'application/json' });
        outgoing.end(controlled.body);
        return;
      }
      const header = incoming.headers['x-service-developer-token'];
      const request: UpstreamRequest = {
        method: incoming.method ?? '',
        url: incoming.url ?? '',
        token: typeof header === 'string' ? header : undefined,
        body,
        receivedAt: Date.now(),
      };
      requests.push(request);
      const respond = () => {
        const intercepted = options.intercept?.(request);
        if (intercepted === 'drop') {
          incoming.socket.destroy();
          return;
        }
        const reply = intercepted ?? answer(request);
        const [low, high] = options.latencyMs ?? [0, 0];
        setTimeout(
          () => {
            outgoing.writeHead(reply.status, {
              'content-type': 'type' in reply && reply.type ? reply.type : 'application/json',
              ...(intercepted?.headers ?? {}),
            });
            outgoing.end(reply.body);
            request.answeredAt = Date.now();
          },
          low + Math.random() * (high - low),
        );
      };
      const held = options.answerAfter?.(request);
      if (held) void held.then(respond, respond);
      else respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
