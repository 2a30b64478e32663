// npx tsx bench/typing-work.ts: what the fields page does per typed key, counted
// rather than timed, so that two builds compare on a machine other work keeps busy.
// Types BENCH_WORDS (15) words of the browser benchmark into /fields at 100 ms a key
// (100,000 fields, no scan) and prints per key React's commits, the components they
// drew and the elements they created, the history and title writes, the largest
// commit of each word, and the renderer's main thread per word (Chromium's own
// counters). Run it in a checkout of each version, in turns.
import { existsSync, mkdirSync } from 'node:fs';
import { signedInContext, typeWord } from './support/browser-measures';
import { launchChromium } from './support/chromium';
import { buildAppAndService, startServer } from './support/processes';
import { reactWorkCounter } from './support/react-work-counter';
import { fragments, search, viewRequest } from './support/typed-words';

const FIELDS = 100_000;
const WORDS = Number(process.env.BENCH_WORDS ?? 15);
const TOKEN = 'bench-token-0123456789';
const storeFile = `bench/tmp/browser-${FIELDS}.sqlite`;
/** The renderer's counters summed per word, in milliseconds. */
const threadCounters = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];

interface Commit {
  /** When it was committed, on the page's clock (as the keys' times). */
  at: number;
  components: number;
  created: number;
  byName: Record<string, number>;
}
interface Work {
  commits: Commit[];
  historyWrites: number;
  titleWrites: number;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const perKey = (value: number, keys: number) => (value / keys).toFixed(2);

async function main() {
  mkdirSync('bench/tmp', { recursive: true });
  buildAppAndService();
  if (!existsSync(storeFile)) console.log(`creating a demo store of ${FIELDS} fields (once)...`);
  const service = await startServer('dist-server/main.mjs', [
    ...['start', '--no-build', '--port', process.env.BENCH_PORT ?? '0', '--data', storeFile],
    ...['--demo-fields', String(FIELDS), '--demo-token', TOKEN],
  ]);
  const browser = await launchChromium();
  try {
    const url = service.url;
    const words = await fragments(url, TOKEN, 4, WORDS, (hits) => hits > 0);
    const shown = (await search(url, TOKEN, { ...viewRequest(''), limit: 1 })).totalHits;
    const context = await signedInContext(browser, { url, token: TOKEN, fields: FIELDS, shown });
    await context.addInitScript({ content: reactWorkCounter });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const counters = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return new Map(metrics.map(({ name, value }) => [name, value * 1000]));
    };
    await page.goto('/fields');
    await page.waitForSelector('table[aria-label="Calculated fields"] tbody tr[aria-rowindex]');
    const totalText = `${shown.toLocaleString('en-US')} matching`;
    const works: Work[] = [];
    const thread = new Map(threadCounters.map((name) => [name, 0]));
    const keyToRows: number[] = [];
    // The commits between each word's last key and its rows painted: what that wait held.
    const lastKeyCommits: Commit[][] = [];
    for (const word of words) {
      await page.getByRole('searchbox', { name: 'Search by name' }).fill('');
      await page.waitForTimeout(800);
      await page.evaluate(() => {
        Object.assign((window as unknown as { __work: object }).__work, {
          commits: [],
          historyWrites: 0,
          titleWrites: 0,
          counting: true,
        });
      });
      const before = await counters();
      const wait = await typeWord(page, word, totalText);
      keyToRows.push(wait);
      const lastKeyAt = (await page.evaluate('window.__bench.lastKeyAt')) as number;
      // The address's write once typing pauses, and the names asked for after it.
      await page.waitForTimeout(800);
      const after = await counters();
      for (const name of threadCounters)
        thread.set(name, thread.get(name)! + after.get(name)! - before.get(name)!);
      const work = await page.evaluate(() => {
        const counted = (window as unknown as { __work: Work & { counting: boolean } }).__work;
        counted.counting = false;
        return counted;
      });
      works.push(work);
      lastKeyCommits.push(
        work.commits.filter((commit) => commit.at >= lastKeyAt && commit.at <= lastKeyAt + wait),
      );
    }
    const keys = sum(words.map((word) => word.text.length));
    const commits = works.flatMap((work) => work.commits);
    const largest = works.map((work) =>
      work.commits.reduce((a, b) => (b.components > a.components ? b : a)),
    );
    console.log(
      `${words.length} words, ${keys} keys; per key: ${perKey(commits.length, keys)} commits, ` +
        `${perKey(sum(commits.map((c) => c.components)), keys)} components drawn, ` +
        `${perKey(sum(commits.map((c) => c.created)), keys)} elements and texts created, ` +
        `${perKey(sum(works.map((w) => w.historyWrites)), keys)} history writes, ` +
        `${perKey(sum(works.map((w) => w.titleWrites)), keys)} title writes`,
    );
    console.log(
      `largest commit of each word: ${(sum(largest.map((c) => c.components)) / words.length).toFixed(1)} components, ${(sum(largest.map((c) => c.created)) / words.length).toFixed(1)} created`,
    );
    const untilRows = lastKeyCommits.flat();
    console.log(
      `from a word's last key to its rows painted: ${(untilRows.length / words.length).toFixed(2)} commits, ${(sum(untilRows.map((c) => c.components)) / words.length).toFixed(1)} components, ${(sum(untilRows.map((c) => c.created)) / words.length).toFixed(1)} elements and texts created (mean of the words)`,
    );
    const byName = new Map<string, number>();
    for (const commit of commits)
      for (const [name, count] of Object.entries(commit.byName))
        byName.set(name, (byName.get(name) ?? 0) + count);
    const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25);
    console.log(`components per key: ${top.map(([n, c]) => `${n} ${perKey(c, keys)}`).join(', ')}`);
    const sorted = [...keyToRows].sort((a, b) => a - b);
    console.log(
      `renderer main thread per word: ${threadCounters.map((name) => `${name} ${(thread.get(name)! / words.length).toFixed(1)} ms`).join(', ')}; last key to rows p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms`,
    );
  } finally {
    await browser.close();
    await service.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
