// npm run bench:browser: the app in Chromium against the service with 100,000 fields:
// loading, typing (also while an audit scan runs), the audit page's headline numbers,
// 5,000 rows, scrolling against a plain table, and bulk lock, each figure set against
// its limit or its floor in the same run. Writes bench/results/browser.md.
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import type { AuditStatus } from '../src/contract/audit';
import { AUDIT_BASE } from '../src/contract/audit';
import { apiPaths, TOKEN_HEADER } from '../src/contract/paths';
import { defaultTableView } from '../src/links/table-address';
import { toSearchRequest } from '../src/links/table-search';
import { headlineNumbersDrawn, measureAuditPage } from './support/audit-page-measures';
import { writeBrowserReport } from './support/browser-report';
import type { BenchTarget, BulkFigures, TypingFigures } from './support/browser-measures';
import {
  measureBulkLock,
  measureLoading,
  measurePageSize,
  measurePlainTableScroll,
  measureTableScroll,
  measureTyping,
} from './support/browser-measures';
import { entrySize } from './support/entry-size';
import {
  fragments as typedFragments,
  search as searchAs,
  viewRequest,
} from './support/typed-words';
import { writeFirstRowsPeers } from './support/first-rows-peers';
import { launchChromium } from './support/chromium';
import type { Browser } from '@playwright/test';
import { buildAppAndService } from './support/processes';
import {
  BENCH_TOKEN,
  browserStoreFile,
  startBrowserBenchService,
} from './support/browser-bench-service';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100_000);
/** BENCH_PARTS=scroll,bulk measures those parts alone and prints them; the report needs every part. */
const allParts = [
  'loading',
  'typing',
  'typing-during-scan',
  'audit',
  'size',
  'scroll',
  'bulk',
] as const;
const parts = new Set(process.env.BENCH_PARTS?.split(',') ?? allParts);
const knownParts: readonly string[] = allParts;
const unknownParts = [...parts].filter((part) => !knownParts.includes(part));
if (unknownParts.length > 0)
  throw new Error(
    `BENCH_PARTS: unknown ${unknownParts.join(', ')} (known: ${knownParts.join(', ')})`,
  );
const TOKEN = BENCH_TOKEN;
/** Words typed while scans run (BENCH_WORDS_DURING_SCAN): their p95 is not the one slowest word. */
const wordsDuringScan = Number(process.env.BENCH_WORDS_DURING_SCAN ?? 40);
const storeFile = browserStoreFile(FIELDS);
/** BENCH_PORT=N serves on that port, for a machine where only some ports may be used; a free one otherwise. */
const PORT = process.env.BENCH_PORT ?? '0';

const search = (url: string, body: Parameters<typeof searchAs>[2]) => searchAs(url, TOKEN, body);
const fragments = (url: string, length: number, count: number, accept: (hits: number) => boolean) =>
  typedFragments(url, TOKEN, length, count, accept);

function log(line: string) {
  console.log(`[bench:browser] ${line}`);
}

/**
 * A new store's first audit scan starts with the server and keeps a core busy for
 * tens of seconds at 100,000 fields: figures taken beside it time the scan, not the app.
 */
async function awaitAuditScan(url: string) {
  for (;;) {
    const response = await fetch(`${url}${AUDIT_BASE}/status`, {
      headers: { [TOKEN_HEADER]: TOKEN },
    });
    if (!response.ok) throw new Error(`the audit's status answered ${response.status}`);
    if (!((await response.json()) as AuditStatus).runningScan) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Runs a scan and waits for its end. A server that has scanned since it started
 * holds the findings in memory and moves them with every lock; one started on a
 * store scanned before reads them only when asked. Bulk lock is measured in the
 * first state, the one a server is in for most of its life: measured in the second,
 * it hid a copy of every field's facts per lock (bench/results/browser.md).
 */
async function scanNow(url: string) {
  await startScan(url);
  await awaitAuditScan(url);
}

async function startScan(url: string) {
  const response = await fetch(`${url}${AUDIT_BASE}/scans`, {
    method: 'POST',
    headers: { [TOKEN_HEADER]: TOKEN },
  });
  if (!response.ok) throw new Error(`starting a scan answered ${response.status}`);
}

/**
 * Starts a scan whenever none runs, until `done` resolves; answers how many it started
 * and how long none ran. A store scanned before is scanned again in a few seconds (its
 * unchanged fields are listed by id), so one scan ended within the first words typed:
 * typing measured "while a scan runs" was mostly typing after it. The service starts
 * at most 6 scans a minute for a token; refused, the loop waits as it is told.
 */
async function keepScanning(url: string, done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => (finished = true));
  let started = 0;
  let idleMs = 0;
  while (!finished) {
    const checkedAt = performance.now();
    if (!(await scanRunning(url))) {
      const response = await fetch(`${url}${AUDIT_BASE}/scans`, {
        method: 'POST',
        headers: { [TOKEN_HEADER]: TOKEN },
      });
      if (response.status === 429) {
        const waitMs = Number(response.headers.get('retry-after') ?? 1) * 1000;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        idleMs += performance.now() - checkedAt;
        continue;
      }
      if (!response.ok) throw new Error(`starting a scan answered ${response.status}`);
      started += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { started, idleMs };
}

async function scanRunning(url: string): Promise<boolean> {
  const response = await fetch(`${url}${AUDIT_BASE}/status`, {
    headers: { [TOKEN_HEADER]: TOKEN },
  });
  if (!response.ok) throw new Error(`the audit's status answered ${response.status}`);
  return Boolean(((await response.json()) as AuditStatus).runningScan);
}

async function setLocked(url: string, id: number, locked: boolean) {
  const response = await fetch(`${url}${apiPaths.template(id)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: TOKEN },
    body: JSON.stringify({ locked }),
  });
  if (!response.ok) throw new Error(`locking ${id} answered ${response.status}`);
}

/**
 * Locks and unlocks every field matching a name fragment with the app's bulk lock.
 * Those locked beforehand are unlocked first and locked again after.
 */
async function bulkLockRun(url: string, browser: Browser, target: BenchTarget) {
  const [bulkFragment] = await fragments(url, 3, 1, (hits) => hits >= 500 && hits <= 1500);
  if (!bulkFragment) throw new Error('no name fragment matches 500 to 1,500 fields');
  // The run locks every match; those locked already are unlocked first and locked again after.
  const lockedBefore = (
    await search(url, {
      name: bulkFragment.text,
      filters: [{ field: 'locked' }],
      limit: 5000,
    })
  ).results.map((field) => field.id);
  for (const id of lockedBefore) await setLocked(url, id, false);
  const bulk = await measureBulkLock(browser, target, bulkFragment);
  const leftLocked = await search(url, {
    name: bulkFragment.text,
    filters: [{ field: 'locked' }],
    limit: 1,
  });
  if (leftLocked.totalHits !== 0)
    throw new Error(`${leftLocked.totalHits} fields stayed locked after the bulk unlock`);
  for (const id of lockedBefore) await setLocked(url, id, true);
  return bulk;
}

function typingText({ keyToRowsMs: app, floorKeyToRowsMs: floor, fetchAndParseMs }: TypingFigures) {
  return `p50 ${app.p50} ms, p95 ${app.p95} ms, max ${app.max} ms (${app.samples} words); the plain typing page p50 ${floor.p50} ms, p95 ${floor.p95} ms (app/floor p95 ${(app.p95 / floor.p95).toFixed(2)}); fetch and parse alone p50 ${fetchAndParseMs.p50} ms, p95 ${fetchAndParseMs.p95} ms`;
}

const wordsText = ({ wordsMs }: TypingFigures) =>
  wordsMs.map(({ word, app, floor }) => `${word} ${app}/${floor}`).join(', ');

function logBulkCpu({ cpuMsPerField: { lock, unlock } }: BulkFigures) {
  log(
    `  CPU per field: Chromium ${lock.chromium} ms locking, ${unlock.chromium} unlocking; service ${lock.service} / ${unlock.service} ms`,
  );
}

async function main() {
  mkdirSync('bench/tmp', { recursive: true });
  log('building the web app and the service...');
  buildAppAndService();
  // Served by the service from its web root beside the app, so they are written before it starts.
  const peersFolder = ['loading', 'typing', 'typing-during-scan'].some((part) => parts.has(part))
    ? await writeFirstRowsPeers('dist', toSearchRequest(defaultTableView))
    : undefined;
  if (!existsSync(storeFile)) log(`creating a demo store of ${FIELDS} fields (once)...`);
  const service = await startBrowserBenchService(FIELDS, PORT);
  const { totalHits } = await search(service.url, { limit: 1 });
  if (totalHits !== FIELDS)
    throw new Error(`expected ${FIELDS} fields, the store has ${totalHits}`);
  log("waiting for the audit's scan, if one is running...");
  await awaitAuditScan(service.url);
  const shown = (await search(service.url, { ...viewRequest(''), limit: 1 })).totalHits;
  const target: BenchTarget = {
    url: service.url,
    token: TOKEN,
    fields: FIELDS,
    shown,
    servicePid: service.child.pid,
  };

  const browser = await launchChromium();
  try {
    const entry = entrySize();
    log(`entry JS: ${entry.brotliKb} kB brotli, ${entry.gzipKb} kB gzip`);
    let loading, typing, typed, typingDuringScan, auditHeadline, pageSize, tableScroll, plainScroll;
    let bulk;
    if (parts.has('loading')) {
      log('loading...');
      loading = await measureLoading(browser, target, 7);
      const { react, mantine } = loading.peerFirstRowsMs;
      log(
        `first rows p50 ${loading.firstRowsMs.p50} ms (bare React ${react.p50} ms, React with Mantine ${mantine.p50} ms: app/floor ${(loading.firstRowsMs.p50 / mantine.p50).toFixed(2)})`,
      );
      log(
        `JavaScript before the first row: ${loading.scriptTransferredKb} kB transferred in ${loading.scriptFiles} files, ${loading.scriptDecodedKb} kB decoded; ${loading.laterScriptTransferredKb} kB after it`,
      );
    }
    if (parts.has('typing')) {
      log('typing...');
      typed = await fragments(service.url, 4, 15, (hits) => hits > 0);
      typing = await measureTyping(browser, target, typed);
      log(`key to rows ${typingText(typing)}`);
      log(`  each word, app / plain page: ${wordsText(typing)}`);
    }
    if (parts.has('typing-during-scan')) {
      log('typing while a scan runs...');
      // More words than typing alone: with 15, the p95 was the slowest word, one stall.
      const words = await fragments(service.url, 4, wordsDuringScan, (hits) => hits > 0);
      await startScan(service.url);
      const typingDone = measureTyping(browser, target, words);
      const scans = keepScanning(service.url, typingDone);
      const during = await typingDone;
      const { started, idleMs } = await scans;
      typingDuringScan = { ...during, scanRanThroughout: idleMs === 0 };
      log(
        `while a scan runs: key to rows ${typingText(during)} (${started + 1} scans; none ran for ${(idleMs / 1000).toFixed(1)} s, refused by the service's limit of scans a minute)`,
      );
      log(`  each word, app / plain page: ${wordsText(during)}`);
      await awaitAuditScan(service.url);
    }
    if (parts.has('audit')) {
      log("the audit page's headline numbers...");
      const audit = await measureAuditPage(browser, target, 7, headlineNumbersDrawn);
      auditHeadline = audit;
      const floor = loading ? loading.peerFirstRowsMs.mantine.p50 : undefined;
      log(
        `audit headline numbers p50 ${audit.drawnMs.p50} ms, p95 ${audit.drawnMs.p95} ms${floor ? ` (React with Mantine ${floor} ms: app/floor ${(audit.drawnMs.p50 / floor).toFixed(2)})` : ''}`,
      );
    }
    if (parts.has('size')) {
      log('5,000 rows...');
      pageSize = await measurePageSize(browser, target, 5);
      log(
        `choice to rows p50 ${pageSize.choiceToRowsMs.p50} ms (fetch and parse alone ${pageSize.fetchAndParseMs.p50} ms), renderer CPU p50 ${pageSize.rendererCpuMs.p50} ms`,
      );
    }
    if (parts.has('scroll')) {
      log('scrolling...');
      tableScroll = await measureTableScroll(browser, target, 300);
      plainScroll = await measurePlainTableScroll(browser, 300);
      log(
        `frame p95 ${tableScroll.frameMs.p95} ms (plain table ${plainScroll.frameMs.p95} ms), renderer CPU per frame ${tableScroll.rendererCpuMsPerFrame} ms (plain table ${plainScroll.rendererCpuMsPerFrame} ms)`,
      );
    }
    if (parts.has('bulk')) {
      log('a scan first, as a running server has made one (at its start or on its schedule)...');
      await scanNow(service.url);
      log('bulk lock...');
      bulk = await bulkLockRun(service.url, browser, target);
      log(`bulk lock ${bulk.lockPerSecond} fields/s, unlock ${bulk.unlockPerSecond} fields/s`);
      logBulkCpu(bulk);
      for (const { reason, count } of bulk.failures) log(`  failed ${count} × ${reason}`);
    }
    if (
      !loading ||
      !typing ||
      !typed ||
      !typingDuringScan ||
      !auditHeadline ||
      !pageSize ||
      !tableScroll ||
      !plainScroll ||
      !bulk
    ) {
      const measured = { loading, typing, typingDuringScan, auditHeadline, pageSize };
      console.log(JSON.stringify({ ...measured, tableScroll, plainScroll, bulk }, null, 2));
      return;
    }

    const report = writeBrowserReport({
      date: new Date().toISOString(),
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${browser.version()}`,
      fields: FIELDS,
      entry,
      loading,
      typing,
      typedFragments: typed.length,
      typingDuringScan,
      auditHeadline,
      pageSize,
      tableScroll,
      plainScroll,
      bulk,
    });
    console.log(report);
  } finally {
    await browser.close();
    await service.stop();
    if (peersFolder) rmSync(peersFolder, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
