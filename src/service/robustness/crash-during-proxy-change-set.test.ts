// kill -9 in the middle of a confirmed dry run's change set through the proxy: every
// item was recorded with the field's state before its dry run read it before anything
// was sent, though the run reads each batch only as it comes to it; on restart the set
// is incomplete and `check` says of each item whether the instance shows it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeSetDetail, KeptPlan } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { TOKEN_HEADER } from '../../contract/paths';
import { generateDemoInstance } from '../demo/generate-demo-instance';
import { importInstance } from '../instance/import-instance';
import { openStore } from '../store/open-store';
import { startProductionLikeUpstream } from '../test-support/production-like-upstream';
import { startServiceProcess } from '../test-support/service-process';

const token = 'proxy-journal-crash-test-token';
const fieldCount = 300;

let dir: string;
let stores: ReturnType<typeof openStore>;
let upstream: Awaited<ReturnType<typeof startProductionLikeUpstream>>;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-proxy-journal-crash-'));
  stores = openStore(join(dir, 'instance.sqlite'));
  importInstance(stores.fields, generateDemoInstance({ fields: fieldCount }));
  // Slow enough that the run is still going when it is killed.
  upstream = await startProductionLikeUpstream({
    store: stores.fields,
    token,
    latencyMs: [5, 15],
  });
});
afterAll(async () => {
  await upstream.close();
  stores.close();
  rmSync(dir, { recursive: true, force: true });
});

interface ItemRow {
  position: number;
  state: string;
  before_json: string | null;
}

function query<T>(file: string, sql: string, ...values: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<unknown[], T>(sql).all(...values);
  } finally {
    db.close();
  }
}

// Two service processes start here: a busy machine needs more than the default time.
describe('kill -9 during a change set through the proxy', { timeout: 180_000 }, () => {
  it('leaves every item recorded with its state before; the set incomplete, and check says what the instance shows', async () => {
    const audit = join(dir, 'audit.sqlite');
    const args = ['--upstream', upstream.url, '--audit-data', audit];
    const call = async <T>(base: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as T };
    };
    // The demo's unlocked fields: each is a lock to send.
    const ids = Array.from({ length: fieldCount }, (_, index) => index + 1).filter(
      (id) => stores.fields.getField(id)?.locked === false,
    );
    const first = startServiceProcess(args);
    const { url } = await first.ready;
    const items = ids.map((id) => ({ id, change: { update: { locked: true } } }));
    const plan = await call<KeptPlan>(url, 'POST', journalPaths.plans, { kind: 'lock', items });
    expect(plan.body.counts.change).toBe(ids.length);
    const planned = query<{ before_json: string }>(
      audit,
      'SELECT before_json FROM journal_plan_items WHERE plan_id = ? ORDER BY position',
      plan.body.id,
    ).map((row) => row.before_json);
    const started = await call<{ id: number }>(url, 'POST', journalPaths.changeSets, {
      planId: plan.body.id,
    });
    expect(started.status).toBe(202);
    const { id } = started.body;

    // Killed once the first batch is applied and the set is still running.
    const recorded = () =>
      query<ItemRow>(
        audit,
        'SELECT position, state, before_json FROM journal_items WHERE change_set_id = ? ORDER BY position',
        id,
      );
    const running = () =>
      query<{ state: string }>(audit, 'SELECT state FROM journal_change_sets WHERE id = ?', id)[0]!
        .state === 'running';
    while (running() && !recorded().some((item) => item.state === 'applied')) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    first.child.kill('SIGKILL');
    await first.stopped;

    const left = recorded();
    expect(left.map((item) => item.before_json)).toEqual(planned);
    expect(new Set(left.map((item) => item.state))).toEqual(new Set(['applied', 'pending']));

    const second = startServiceProcess(args);
    try {
      const again = (await second.ready).url;
      const found = await call<ChangeSetDetail>(again, 'GET', journalPaths.changeSet(id));
      expect(found.body.changeSet.state).toBe('incomplete');
      const checked = await call<ChangeSetDetail>(again, 'POST', journalPaths.check(id), {});
      expect(checked.body.changeSet.counts).toMatchObject({ pending: 0, unknown: 0 });
      for (const item of checked.body.items) {
        const locked = stores.fields.getField(item.fieldId)!.locked;
        expect(item.state, `field ${item.fieldId}`).toBe(locked ? 'applied' : 'failed');
      }
      expect(checked.body.changeSet.counts.failed).toBeGreaterThan(0);
    } finally {
      second.child.kill('SIGKILL');
      await second.stopped;
    }
  });
});
