import { queryOptions } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AppConfig } from '../contract/app-config';
import { APP_CONFIG_PATH } from '../contract/paths';

/** A server without the config route is an embedded one that wants a token from sign-in. */
const assumed: AppConfig = { mode: 'embedded', tokenHeldByServer: false, demo: false };

/** The server's answer at its config route, read as JSON; `undefined` when there is none. */
async function readAppConfigAnswer(timeoutMs: number): Promise<unknown> {
  try {
    const response = await fetch(APP_CONFIG_PATH, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    return response.ok ? ((await response.json()) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The answer to the page's first request (preloaded with the page), kept for the first
 * full read: the config is asked for once per page load, not again when a page first
 * needs more of it than whether the server holds the token.
 */
let firstAnswer: { answer: unknown } | undefined;

function takeFirstAnswer(): { answer: unknown } | undefined {
  const taken = firstAnswer;
  firstAnswer = undefined;
  return taken;
}

/**
 * Asks the app's own server how the app gets its token; never fails. The schema
 * (and with it the validation library) loads while the answer is on its way, so
 * the first script the browser runs stays small (docs/web-app.md, "Loading").
 */
export async function fetchAppConfig(timeoutMs = 5000): Promise<AppConfig> {
  try {
    const first = takeFirstAnswer();
    const [answer, { appConfigSchema }] = await Promise.all([
      first ? first.answer : readAppConfigAnswer(timeoutMs),
      import('../contract/app-config'),
    ]);
    const config = appConfigSchema.safeParse(answer);
    return config.success ? config.data : assumed;
  } catch {
    return assumed;
  }
}

/**
 * Whether the server holds the token: the one thing the app must know before its
 * first screen. Read without the schema, so that screen waits for no more code than
 * the entry; anything but `true` (or no answer) keeps sign-in. Pages that show the
 * rest of the answer read it whole (appConfigQuery).
 */
export async function fetchTokenHeldByServer(timeoutMs = 5000): Promise<boolean> {
  const answer = await readAppConfigAnswer(timeoutMs);
  if (answer !== undefined) firstAnswer = { answer };
  return (
    typeof answer === 'object' &&
    answer !== null &&
    'tokenHeldByServer' in answer &&
    answer.tokenHeldByServer === true
  );
}

/** The same answer for pages that show what it says (sign-in names the demo). */
export const appConfigQuery = queryOptions({
  queryKey: ['app-config'],
  queryFn: () => fetchAppConfig(),
  staleTime: Infinity,
});

/** Whether the server answers from its own store or from an instance behind it, asked once per page load. */
export async function instanceModeOf(client: QueryClient): Promise<AppConfig['mode']> {
  return (await client.ensureQueryData(appConfigQuery)).mode;
}
