import type { Page, Route } from '@playwright/test';
import type { BulkTemplateRequest, BulkTemplateResponse } from '../../src/contract/bulk-template';
import type { ChangeSetRequest, KeptPlan, PlanConfirmation } from '../../src/contract/journal';
import { journalPaths } from '../../src/contract/journal';
import { apiPaths } from '../../src/contract/paths';

/** The service's 500 answer, as a failed lock of field `id` gets it. */
const faultOf = (id: number) => ({
  status: 500,
  statusReason: 'Internal Server Error',
  message: 'an unexpected fault',
  path: apiPaths.template(id),
});

/**
 * A bulk call that carries field `id`: the other fields go to the service, and the
 * answer has field `id` failed with the fault a single PUT would have answered.
 */
async function failInBulk(route: Route, id: number) {
  const asked = route.request().postDataJSON() as BulkTemplateRequest;
  const items = (asked.update ?? []) as Array<{ id: number; locked: boolean }>;
  const at = items.findIndex((item) => item.id === id);
  if (at === -1) return route.continue();
  const rest = items.filter((item) => item.id !== id);
  const answered: BulkTemplateResponse =
    rest.length === 0
      ? { results: [] }
      : ((await (
          await route.fetch({ postData: JSON.stringify({ update: rest }) })
        ).json()) as BulkTemplateResponse);
  const byId = new Map(answered.results.map((result) => [result.id, result]));
  const results = items.map((item, index) =>
    item.id === id
      ? { operation: 'update', index, id, status: 500, error: faultOf(id) }
      : { ...byId.get(item.id)!, index },
  );
  return route.fulfill({ status: 200, json: { results } });
}

/**
 * Whether the request starts a change set that changes field `id`: its items name it,
 * or it confirms a dry run (`plans`, their ids) whose items did.
 */
function startsChangeOf(route: Route, id: number, plans: ReadonlySet<number>): boolean {
  const request = route.request();
  if (request.method() !== 'POST') return false;
  const asked = request.postDataJSON() as ChangeSetRequest | PlanConfirmation;
  if ('planId' in asked) return plans.has(asked.planId);
  return asked.items.some((item) => item.id === id);
}

/** The ids of the dry runs the page is answered that change field `id`, as they come. */
function plansChanging(page: Page, id: number): ReadonlySet<number> {
  const plans = new Set<number>();
  page.on('response', async (answer) => {
    const request = answer.request();
    if (request.method() !== 'POST' || new URL(answer.url()).pathname !== journalPaths.plans)
      return;
    const asked = request.postDataJSON() as ChangeSetRequest;
    if (asked.items.some((item) => item.id === id))
      plans.add(((await answer.json()) as KeptPlan).id);
  });
  return plans;
}

/**
 * Makes every lock or unlock of field `id` fail with the service's 500 answer, whether
 * sent alone (the app's change set, or a PUT) or with others (the bulk operation); reads
 * pass. Answers a function that lets its locks through again.
 */
export async function failLocking(page: Page, id: number): Promise<() => Promise<void>> {
  const single = `**${apiPaths.template(id)}`;
  const bulk = `**${apiPaths.bulkTemplate}`;
  const changeSets = `**${journalPaths.changeSets}`;
  const fail = (route: Route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify(faultOf(id)),
    });
  await page.route(single, (route) =>
    route.request().method() === 'PUT' ? fail(route) : route.continue(),
  );
  const plans = plansChanging(page, id);
  await page.route(changeSets, (route) =>
    startsChangeOf(route, id, plans) ? fail(route) : route.continue(),
  );
  await page.route(bulk, (route) => failInBulk(route, id));
  return async () => {
    await page.unroute(single);
    await page.unroute(changeSets);
    await page.unroute(bulk);
  };
}
