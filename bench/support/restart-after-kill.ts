import { writeFileSync } from 'node:fs';
import type { AuditStatus } from '../../src/contract/audit';
import { AUDIT_BASE } from '../../src/contract/audit';
import { BULK_TEMPLATE_ITEMS_SENT } from '../../src/contract/bulk-template';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import type { SearchRequest } from '../../src/contract/search';
import { benchToken, savedIndexUsable, startBenchService } from './bench-store';
import type { RunningServer } from './processes';

/** Locks taken after the index was last saved: what a kill leaves for the next start to replay. */
const LOCKS_BEFORE_KILL = 1000;
/** The fields locked before the kill, and unlocked again after. */
const lockedIds = Array.from({ length: LOCKS_BEFORE_KILL }, (_, i) => i + 1);

export interface RestartRow {
  fields: number;
  /** Fresh process after a SIGKILL to its first answered search. */
  restartMs: number;
  /** SIGTERM to the process's exit, on the restarted server after a search and the unlocks. */
  stopMs: number;
  /** Whether the audit's first scan of the store ran beside the restart (it resumes at a start). */
  auditScanning: boolean;
}

const firstSearch: SearchRequest = {
  filters: [],
  sort: { field: 'name', ascending: true },
  limit: 50,
  name: 'rev',
};

async function send(server: RunningServer, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: benchToken },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
}

async function setLocked(server: RunningServer, locked: boolean): Promise<void> {
  for (let from = 0; from < lockedIds.length; from += BULK_TEMPLATE_ITEMS_SENT) {
    const ids = lockedIds.slice(from, from + BULK_TEMPLATE_ITEMS_SENT);
    await send(server, apiPaths.bulkTemplate, { update: ids.map((id) => ({ id, locked })) });
  }
}

async function auditScanning(server: RunningServer): Promise<boolean> {
  const response = await fetch(`${server.url}${AUDIT_BASE}/status`, {
    headers: { [TOKEN_HEADER]: benchToken },
  });
  const status = (await response.json()) as AuditStatus;
  return status.runningScan !== undefined;
}

const exited = (server: RunningServer) =>
  new Promise<void>((done) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) done();
    else server.child.once('exit', () => done());
  });

/**
 * A server that answered a search (so its index is saved beside the store) takes
 * 1,000 locks, is killed with SIGKILL, and a fresh process on the store answers
 * its first search: it reads the saved index and replays the locks. That server
 * then unlocks them again and is stopped with SIGTERM, which is timed.
 */
export async function measureRestartAfterKill(fields: number): Promise<RestartRow> {
  const killed = await startBenchService(fields);
  await send(killed, apiPaths.search, firstSearch);
  // A store saved by an earlier version has its index built, then saved in the background.
  await savedIndexUsable(fields);
  await setLocked(killed, true);
  killed.child.kill('SIGKILL');
  await exited(killed);

  const startedAt = performance.now();
  const restarted = await startBenchService(fields);
  await send(restarted, apiPaths.search, firstSearch);
  const restartMs = Math.round(performance.now() - startedAt);
  const scanning = await auditScanning(restarted);

  await setLocked(restarted, false);
  const stoppingAt = performance.now();
  await restarted.stop();
  const stopMs = Math.round(performance.now() - stoppingAt);
  return { fields, restartMs, stopMs, auditScanning: scanning };
}

/** Writes bench/results/restart.md and restart.json; returns the Markdown. */
export function writeRestartReport(date: string, machine: string, rows: RestartRow[]): string {
  const markdown = [
    '# Restart after SIGKILL',
    '',
    `${date} · ${machine} · measured on a machine shared with other work, so the times are of a busy machine.`,
    '',
    `A server on the demo store answers a search, so its search index is saved beside the store, then takes ${LOCKS_BEFORE_KILL.toLocaleString('en')} locks (\`bulk/template\`, ${BULK_TEMPLATE_ITEMS_SENT} a call) and is killed with SIGKILL: nothing is saved at stop. A fresh \`node dist-server/main.mjs start\` on the store is timed from its spawn to its first answered search: it reads the saved index and replays the locks counted after it (docs/architecture.md, "Start-up"). That server then unlocks the fields and is stopped with SIGTERM, timed to its exit.`,
    '',
    "| fields | restart after SIGKILL to the first answered search (target under 5,000 ms at 1,000,000) | SIGTERM to exit (target under 2,000 ms) | the audit's first scan running beside it |",
    '|---:|---:|---:|---|',
    ...rows.map(
      (row) =>
        `| ${row.fields.toLocaleString('en')} | ${row.restartMs.toLocaleString('en')} ms | ${row.stopMs.toLocaleString('en')} ms | ${row.auditScanning ? 'yes' : 'no'} |`,
    ),
    '',
  ].join('\n');
  writeFileSync('bench/results/restart.md', markdown);
  writeFileSync(
    'bench/results/restart.json',
    `${JSON.stringify({ date, machine, rows }, null, 2)}\n`,
  );
  return markdown;
}
