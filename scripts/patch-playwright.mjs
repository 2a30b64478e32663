// Runs after `npm install`: turns off the aria snapshot that Playwright's locator
// assertions take on every unsuccessful poll, in the browser, for an error message
// that only the last poll of a failing assertion could ever show.
//
// Since Playwright 1.60, `expect(locator).toBeVisible()` and the other locator
// assertions walk the page's whole accessibility tree (styles, roles, names of every
// element under <body>) each time a poll does not match yet: a snapshot of the fields
// page costs the renderer about 0.17 CPU-seconds, and most assertions wait for at
// least one poll. Upstream knows (microsoft/playwright#41098); until it takes the
// snapshot only for the final failure, this edits the two places that take it.
// A failing test still gets the page's snapshot once, in its error-context.md, which
// Playwright writes when the test fails. Measured in bench/results/test-suite.md ("Playwright's
// snapshot for failure messages").
//
// Each edit is an exact text replacement. When Playwright changes that text the edit
// is skipped with a warning (the tests still run, at the old cost): check whether
// upstream fixed it, and remove this script or adapt it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

function playwrightCoreBundle() {
  try {
    return join(dirname(require.resolve('playwright-core/package.json')), 'lib', 'coreBundle.js');
  } catch {
    return undefined; // not installed (an install without dev dependencies)
  }
}

const edits = [
  {
    where: 'the server, when the locator finds no element',
    from: 'if (matches === options.isNot && !isArray) {\n            const context = await progress2.race(',
    to: 'if (false /* no snapshot per poll: scripts/patch-playwright.mjs */) {\n            const context = await progress2.race(',
  },
  {
    where: 'the page, when the element does not match',
    from: 'const ariaSnapshot = core.matches !== options.isNot ? void 0 : this._ariaSnapshotForExpect(element, options, frameVisible);',
    to: 'const ariaSnapshot = void 0; /* no snapshot per poll: scripts/patch-playwright.mjs */',
  },
];

const file = playwrightCoreBundle();
if (file && existsSync(file)) {
  let source = readFileSync(file, 'utf8');
  const skipped = [];
  for (const edit of edits) {
    if (source.includes(edit.to)) continue;
    if (source.split(edit.from).length !== 2) {
      skipped.push(edit.where);
      continue;
    }
    source = source.replace(edit.from, edit.to);
  }
  writeFileSync(file, source);
  if (skipped.length > 0)
    console.warn(
      `patch-playwright: Playwright's code changed; its assertions still snapshot the page on every poll (${skipped.join('; ')}). See scripts/patch-playwright.mjs.`,
    );
}
