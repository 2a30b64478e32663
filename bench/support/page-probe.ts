/**
 * Installed in every page of the browser benchmark before the app's own scripts.
 * Plain JavaScript in a string: Playwright sends it to the page as it is.
 *
 * Times are the page's `performance.now()` (milliseconds since navigation began).
 * "Painted" is measured the usual way: in the first animation frame whose DOM
 * shows the state, a task is queued; it runs once that frame has been painted.
 */
export const pageProbe = String.raw`
(() => {
  const table = () => document.querySelector('table[aria-label="Calculated fields"]');
  const bench = { firstRowsAt: null, lastKeyAt: 0, keys: 0, changeAt: 0 };
  window.__bench = bench;

  const afterPaint = (resolve) => setTimeout(() => resolve(performance.now()), 0);

  /** Resolves with the time the first frame showing what check() wants was painted. */
  bench.paintedWhen = (check, timeoutMs = 30000) =>
    new Promise((resolve, reject) => {
      const giveUpAt = performance.now() + timeoutMs;
      const frame = () => {
        if (check()) return afterPaint(resolve);
        if (performance.now() > giveUpAt) return reject(new Error('not shown in time: ' + check));
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });

  bench.paintedWhen(() => table()?.querySelector('tbody tr[aria-rowindex]')).then((at) => {
    bench.firstRowsAt = at;
  });
  document.addEventListener(
    'keydown',
    (event) => {
      bench.lastKeyAt = event.timeStamp;
      bench.keys += 1;
    },
    true,
  );
  document.addEventListener('change', (event) => (bench.changeAt = event.timeStamp), true);

  const countShown = (text) =>
    [...document.querySelectorAll('main p')].some((element) => element.textContent === text);

  /** The rows of a name search: the count it must show, not busy, the first row's name matching. */
  bench.rowsMatch = (fragment, countText) => {
    const current = table();
    if (!current || current.getAttribute('aria-busy') === 'true' || !countShown(countText)) return false;
    const name = current.querySelector('tbody tr[aria-rowindex="2"] a')?.textContent ?? '';
    return name.toLowerCase().includes(fragment.toLowerCase());
  };

  bench.showsRows = (count) => {
    const current = table();
    return (
      current !== null &&
      current.getAttribute('aria-busy') !== 'true' &&
      current.getAttribute('aria-rowcount') === String(count + 1) &&
      current.querySelector('tbody tr[aria-rowindex="2"]') !== null
    );
  };

  /** fetch() and response.json() of a search, as the app sends it, drawing nothing: its times. */
  bench.fetchAndParse = async (path, body, tokenHeader, tokenKey) => {
    const startedAt = performance.now();
    const response = await fetch(path, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        [tokenHeader]: sessionStorage.getItem(tokenKey),
      },
      body,
    });
    const headersAt = performance.now();
    const answer = await response.json();
    if (!response.ok || !Array.isArray(answer.results)) throw new Error('the search answered ' + response.status);
    return { toHeaders: headersAt - startedAt, total: performance.now() - startedAt };
  };

  /** Scrolls an element by step pixels every frame; the time between frames, and DOM changes. */
  bench.scrollFrames = (element, frames, step) =>
    new Promise((resolve) => {
      const gaps = [];
      let mutations = 0;
      let longTasks = 0;
      const observer = new MutationObserver((records) => (mutations += records.length));
      observer.observe(element, { subtree: true, childList: true, attributes: true, characterData: true });
      const tasks = new PerformanceObserver((list) => (longTasks += list.getEntries().length));
      tasks.observe({ entryTypes: ['longtask'] });
      let last = null;
      const frame = (time) => {
        if (last !== null) gaps.push(time - last);
        last = time;
        if (gaps.length >= frames) {
          observer.disconnect();
          tasks.disconnect();
          resolve({ gaps, mutations, longTasks });
          return;
        }
        element.scrollTop += step;
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
})();
`;
