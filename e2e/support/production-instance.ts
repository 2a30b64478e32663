import { e2eServers } from '../../playwright.config';
import { controlPrefix } from '../../src/service/test-support/production-like-upstream';

/**
 * The test-only controls of the production-shaped instance behind the
 * `production-proxy` specs' server (e2e/support/production-upstream.ts). They are
 * one instance for every spec of that project, so a spec that switches a mode
 * switches it back.
 */
const control = `http://127.0.0.1:${e2eServers.productionUpstream}${controlPrefix}`;

export interface ReceivedRequest {
  method: string;
  url: string;
  body: string;
}

async function ok(response: Response): Promise<Response> {
  if (!response.ok) throw new Error(`control route answered ${response.status}`);
  return response;
}

/** Whether the instance answers a filter it does not have with a 400 or ignores it. */
export async function setUnknownFilters(mode: 'refuse' | 'ignore'): Promise<void> {
  await ok(await fetch(`${control}/unknown-filters`, { method: 'PUT', body: mode }));
}

/** A mark in the instance's log of received requests, to read what came after it. */
export async function requestMark(): Promise<number> {
  return (await requestsSince(0)).next;
}

export async function requestsSince(
  mark: number,
): Promise<{ next: number; requests: ReceivedRequest[] }> {
  const response = await ok(await fetch(`${control}/requests?from=${mark}`));
  return (await response.json()) as { next: number; requests: ReceivedRequest[] };
}

/** How many of the instance's fields match `filters` (any filter, the project's own too). */
export async function trueCount(filters: Array<{ field: string }>): Promise<number> {
  const response = await ok(
    await fetch(`${control}/count`, { method: 'POST', body: JSON.stringify({ filters }) }),
  );
  return ((await response.json()) as { count: number }).count;
}
