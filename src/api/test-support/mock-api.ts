import type { RequestHandler } from 'msw';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AppConfig } from '../../contract/app-config';
import type { CalculatedField, SearchResultItem } from '../../contract/field';
import { APP_CONFIG_PATH } from '../../contract/paths';

/** What an embedded server says of itself, unless a test answers otherwise: the journal's hooks ask it. */
const embeddedConfig: AppConfig = { mode: 'embedded', tokenHeldByServer: false, demo: false };

/** An MSW server for one test file: unhandled requests fail the test. */
export function setupMockApi(...handlers: RequestHandler[]) {
  const server = setupServer(
    ...handlers,
    http.get(APP_CONFIG_PATH, () => HttpResponse.json(embeddedConfig)),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export function searchItem(
  id: number,
  overrides: Partial<SearchResultItem> = {},
): SearchResultItem {
  return {
    id,
    name: `Field ${id}`,
    owner: 7,
    lastModified: 1_700_000_000_000,
    created: 1_690_000_000_000,
    global: false,
    locked: false,
    legacyId: `calculation_${id}`,
    status: 'VALID',
    links: [],
    archived: false,
    activeLinks: {},
    variable: false,
    dataType: 'DECIMAL',
    ...overrides,
  };
}

export function calculatedField(
  id: number,
  overrides: Partial<CalculatedField> = {},
): CalculatedField {
  const { activeLinks: _activeLinks, ...item } = searchItem(id);
  return {
    ...item,
    expression: 'SUM(`Amount`)',
    checkSum: 'a1b2',
    aggregated: true,
    analytic: false,
    dataType: 'DECIMAL',
    cacheWindow: 'day',
    columnPositions: [{ columnName: '`Amount`', columnPosition: 4 }],
    functions: ['SUM'],
    hidden: false,
    variable: false,
    ...overrides,
  };
}

/**
 * A server answer the test lets go when it chooses, so it can look at the app while a
 * request is on its way: a handler awaits `hold()`, the test awaits `received` and
 * then calls `release()`.
 */
export function heldAnswer() {
  let release: () => void = () => {};
  let markReceived: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const received = new Promise<void>((resolve) => (markReceived = resolve));
  return {
    received,
    release,
    async hold() {
      markReceived();
      await released;
    },
  };
}
