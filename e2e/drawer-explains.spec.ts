import { analyzeExpression } from '../src/analysis/analyze-expression';
import { lintExpression } from '../src/analysis/lint/lint-expression';
import { lintRuleById } from '../src/analysis/lint/lint-rules';
import type { FieldFindingCause } from '../src/contract/audit';
import { findingRules } from '../src/contract/audit';
import type { CalculatedField, Link } from '../src/contract/field';
import type { SearchFilter } from '../src/contract/search';
import {
  colourRules,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothSchemes,
  keepScreenshot,
} from './support/accessibility';
import type { FieldDrawer } from './support/field-drawer';
import { expect, test } from './support/fixtures';
import { goInApp } from './support/in-app-navigation';
import type { ServiceApi } from './support/service-api';

// The drawer explains a field of the demo instance. Each test finds a field of the
// kind it needs through the API, so it does not depend on the demo's seed.

/** The first field (in id order, among `filters`) whose detail satisfies `wanted`. */
async function findField(
  api: ServiceApi,
  filters: SearchFilter[],
  wanted: (field: CalculatedField) => boolean | Promise<boolean>,
): Promise<CalculatedField> {
  const page = await api.search({ filters, limit: 300 });
  for (const item of page.results) {
    const field = await api.field(item.id);
    if (await wanted(field)) return field;
  }
  throw new Error(`no field of the demo instance fits (${JSON.stringify(filters)})`);
}

const referenceNames = (field: CalculatedField) => [
  ...new Set(field.columnPositions.map((position) => position.columnName.slice(1, -1))),
];

const isDataSource = (link: Link) => link.resource.type === 'DATA_SOURCE';

/** A field with a broken data-source link, a name its data source lacks, and that source. */
async function brokenReference(api: ServiceApi) {
  let found: { missing: string; dataSource: { id: string; name: string } } | undefined;
  const field = await findField(api, [{ field: 'invalidlink' }], async (candidate) => {
    const link = candidate.links.find((each) => isDataSource(each) && each.valid !== 'VALID');
    if (!link) return false;
    const [dataSource] = (await api.directory({ dataSources: [link.resource.id] })).dataSources;
    if (!dataSource) return false;
    // A backtick name is always a column: the first one the data source lacks.
    const missing = referenceNames(candidate).find((name) => !dataSource.columns.includes(name));
    if (missing === undefined) return false;
    found = { missing, dataSource };
    return true;
  });
  return { field, ...found! };
}

/**
 * A VALID field whose expression is fine and which the audit lists under broken
 * dependencies, nesting an INVALID field directly, and what the audit says of it.
 */
async function brokenDependency(api: ServiceApi) {
  // The server scans the demo when it starts: its findings come once that scan is done.
  await expect.poll(async () => (await api.fieldFindings(1)) !== undefined).toBe(true);
  const page = await api.findingFields('broken-dependencies', 200);
  for (const item of page.results) {
    if (item.status !== 'VALID') continue;
    const answer = await api.fieldFindings(item.id);
    const cause = answer?.findings.find((finding) => finding.key === 'broken-dependencies')?.cause;
    if (
      cause?.kind === 'dependency' &&
      cause.through.length === 0 &&
      cause.broken.status === 'INVALID' &&
      cause.problem !== undefined
    ) {
      const field = await api.field(item.id);
      if (analyzeExpression(field.expression).problems.length === 0) {
        return { field, cause: cause as Extract<FieldFindingCause, { kind: 'dependency' }> };
      }
    }
  }
  throw new Error('no field of the demo instance depends directly on an INVALID one');
}

/**
 * Opens `field` in the drawer: by its address for the first field of the journey (a
 * cold load of the app), inside the loaded app for each one after it.
 */
async function openDrawer(drawer: FieldDrawer, field: CalculatedField, opened?: Set<number>) {
  if (opened && opened.size > 0) await goInApp(drawer.page, `/fields/${field.id}`);
  else await drawer.page.goto(`/fields/${field.id}`);
  opened?.add(field.id);
  // A pasted link loads the whole app first: on a busy machine that takes a while.
  await expect(drawer.dialog.getByRole('heading', { name: field.name, exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(drawer.expression).toBeVisible();
}

// One journey on one load of the app: each step was a test of its own, and each paid
// for a cold load (bench/results/test-suite.md).
test('the drawer explains a field', async ({ api, drawer }) => {
  // Six fields looked up through the API and opened one after another.
  test.slow();
  /** The fields this journey has opened: the app may hold them, so the lint step avoids them. */
  const opened = new Set<number>();

  await test.step('an INVALID field: each problem in words, marked in the text and its gutter', async () => {
    const field = await findField(
      api,
      [{ field: 'invalid' }],
      (candidate) => analyzeExpression(candidate.expression).problems.length > 0,
    );
    const { problems } = analyzeExpression(field.expression);

    await openDrawer(drawer, field, opened);

    await expect(drawer.section('Problems and findings')).toContainText(
      `Why it is ${field.status}`,
    );
    const listed = drawer.dialog.getByRole('list', { name: 'Problems' }).getByRole('listitem');
    await expect(listed).toHaveCount(problems.length);
    for (const [index, problem] of problems.entries()) {
      await expect(listed.nth(index)).toContainText(problem.message);
    }
    await expect(drawer.expression.locator('[data-line][data-tone="error"]')).not.toHaveCount(0);

    await expect(drawer.expression.locator('[data-current]')).toHaveCount(0);
    await listed.first().getByRole('button', { name: 'Show in the expression' }).click();
    await expect(drawer.expression.locator('[data-current]')).not.toHaveCount(0);
  });

  await test.step('a broken link names the missing reference and the data source that lacks it', async () => {
    const { field, missing, dataSource } = await brokenReference(api);

    await openDrawer(drawer, field, opened);

    const reason = `not a column of ${dataSource.name}`;
    const linkRow = drawer.section('Links').getByRole('row').filter({ hasText: dataSource.name });
    await expect(linkRow.first()).toContainText('ILLEGAL_REFERENCE');
    await expect(linkRow.first()).toContainText(`\`${missing}\``);
    await expect(linkRow.first()).toContainText(reason);

    const referenceRow = drawer
      .section('References')
      .getByRole('row')
      .filter({ hasText: `\`${missing}\`` });
    await expect(referenceRow).toContainText('missing');
    await expect(referenceRow).toContainText(`Not a column of ${dataSource.name}.`);
    await expect(
      drawer.expression.locator('[data-kind="missing"]', { hasText: `\`${missing}\`` }).first(),
    ).toBeVisible();
  });

  await test.step('owner, data source and card by name; each id on hover and for copying', async () => {
    const field = await findField(
      api,
      [{ field: 'notvariable' }],
      (candidate) =>
        candidate.links.some(isDataSource) && candidate.links.some((link) => !isDataSource(link)),
    );
    const card = field.links.find((link) => !isDataSource(link))!.resource.id;
    const source = field.links.find(isDataSource)!.resource.id;
    const names = await api.directory({
      owners: [field.owner],
      dataSources: [source],
      cards: [card],
    });

    await openDrawer(drawer, field, opened);

    const ownerName = drawer.dialog.getByText(names.owners[0]!.name, { exact: true }).first();
    await expect(ownerName).toBeVisible();
    await expect(
      drawer.dialog.getByRole('button', { name: `Copy the owner id ${field.owner}` }).first(),
    ).toBeVisible();
    await ownerName.hover();
    await expect(drawer.page.getByRole('tooltip')).toHaveText(`Owner id ${field.owner}`);

    const links = drawer.section('Links');
    await expect(links).toContainText(names.dataSources[0]!.name);
    await expect(links).toContainText(names.cards[0]!.title);
    await expect(links.getByRole('button', { name: `Copy the card id ${card}` })).toBeVisible();
    await expect(links).not.toContainText(source);
  });

  await test.step('references and dependents both ways, each a link that opens the other field', async () => {
    // A field that some other field nests, and the first field that nests it.
    const referenced = await findField(api, [{ field: 'nested' }], () => true);
    const nesting = await api.search({
      filters: [{ field: 'templateDependencies', value: String(referenced.id) }],
      limit: 1,
    });
    const field = await api.field(nesting.results[0]!.id);
    expect(field.functionTemplateDependencies).toContain(referenced.id);

    await openDrawer(drawer, field, opened);

    // The References list names the nested field, not only its id.
    await expect(
      drawer
        .section('References')
        .getByRole('row')
        .filter({ hasText: `SERVICE_BEAST_MODE(${referenced.id})` })
        .getByRole('link', { name: referenced.name, exact: true }),
    ).toBeVisible();
    const dependencies = drawer.section('Dependencies');
    const uses = dependencies.getByRole('list', { name: 'Fields this one references' });
    await uses.getByRole('link', { name: referenced.name, exact: true }).click();
    opened.add(referenced.id);

    await expect(drawer.page).toHaveURL(new RegExp(`/fields/${referenced.id}(\\?|$)`));
    await expect(
      drawer.dialog.getByRole('heading', { name: referenced.name, exact: true }),
    ).toBeVisible();
    const usedBy = drawer
      .section('Dependencies')
      .getByRole('list', { name: 'Fields that reference this one' });
    await expect(usedBy.getByRole('link', { name: field.name, exact: true })).toBeVisible();
  });

  await test.step("a broken dependency: the audit's finding traced to the INVALID field, one click away", async () => {
    const { field, cause } = await brokenDependency(api);
    const broken = cause.broken;

    await openDrawer(drawer, field, opened);

    const finding = drawer
      .section('In the latest scan')
      .getByRole('listitem')
      .filter({ hasText: 'Broken dependencies' });
    await expect(finding).toContainText(`which is INVALID: ${cause.problem!.message}.`);
    await expect(finding).toContainText(findingRules['broken-dependencies']);
    await expect(drawer.section('Problems and findings')).toContainText(
      'The expression is well formed, but',
    );
    await expect(drawer.section('Problems and findings')).not.toContainText('finds no problem');
    // Wherever the drawer shows the INVALID field, it looks INVALID.
    await expect(
      drawer
        .section('References')
        .getByRole('row')
        .filter({ hasText: `SERVICE_BEAST_MODE(${broken.id})` }),
    ).toContainText(`${broken.name}INVALID`);
    await expect(
      drawer
        .section('Dependencies')
        .getByRole('list', { name: 'Fields this one references' })
        .getByRole('listitem')
        .filter({ hasText: broken.name! }),
    ).toContainText('INVALID');

    await finding.getByRole('link', { name: broken.name, exact: true }).click();
    opened.add(broken.id);
    await expect(drawer.page).toHaveURL(new RegExp(`/fields/${broken.id}(\\?|$)`));
    await expect(
      drawer.dialog.getByRole('heading', { name: broken.name, exact: true }),
    ).toBeVisible();
  });

  await test.step('lint findings: the rule, what it found, and why and how to fix it on request', async () => {
    // The demo's formulas are nearly all clean, so the instance answers this field
    // with an expression that breaks two rules, written over one of its own columns.
    const field = await findField(
      api,
      [{ field: 'notvariable' }],
      // A field opened before is held by the app, which would show it as it was.
      (candidate) => candidate.columnPositions.length > 0 && !opened.has(candidate.id),
    );
    const column = field.columnPositions[0]!.columnName;
    const expression = `CASE WHEN ${column} = NULL THEN 1 END`;
    // Matched by path: the app reads a field with `?hidden=true`.
    await drawer.page.route(
      (url) => url.pathname.endsWith(`/functions/template/${field.id}`),
      async (route) => route.fulfill({ json: { ...field, expression } }),
    );
    const findingsHere = lintExpression(expression);
    expect(findingsHere.map((finding) => finding.ruleId).sort()).toEqual([
      'case-without-else',
      'null-comparison',
    ]);
    const first = findingsHere.find((finding) => finding.ruleId === 'null-comparison');
    const rule = lintRuleById(first!.ruleId)!;

    await openDrawer(drawer, field, opened);

    const findings = drawer.dialog.getByRole('list', { name: 'Lint findings' });
    const item = findings.getByRole('listitem').filter({ hasText: first!.message }).first();
    await expect(item).toContainText(rule.title);
    await item.getByRole('button', { name: 'Why and how to fix' }).click();
    await expect(item.getByText(rule.why, { exact: false })).toBeVisible();
    await expect(item.getByText(rule.fix, { exact: false })).toBeVisible();

    await expect(drawer.expression.locator('[data-current]')).toHaveCount(0);
    await item.getByRole('button', { name: 'Show in the expression' }).click();
    await expect(drawer.expression.locator('[data-current]')).not.toHaveCount(0);
  });

  await test.step('the formatted layout lays a CASE over lines and keeps every mark on its text', async () => {
    const field = await findField(
      api,
      [{ field: 'notvariable' }],
      (candidate) =>
        /\bCASE\b/i.test(candidate.expression) &&
        candidate.expression.length > 100 &&
        candidate.columnPositions.length > 1 &&
        // The lint step's field is shown with an expression of the test's own.
        !opened.has(candidate.id),
    );
    const withoutSpaces = (text: string) => text.replace(/\s+/g, '');

    await openDrawer(drawer, field, opened);
    await expect(drawer.expression.locator('[data-line]')).toHaveCount(
      field.expression.split('\n').length,
    );
    await drawer.dialog.getByText('Formatted', { exact: true }).click();

    await expect
      .poll(async () => drawer.expression.locator('[data-line]').count())
      .toBeGreaterThan(field.expression.split('\n').length);
    expect(withoutSpaces((await drawer.expression.textContent()) ?? '')).toBe(
      withoutSpaces(field.expression),
    );
    await expect(drawer.highlightedColumns).toHaveText(
      field.columnPositions.map((position) => position.columnName),
    );
    await expect(drawer.section('Expression')).toContainText('laid out for reading');
  });
});

test('the explaining drawer: an invalid field and a broken link, as written and formatted, have no violations', async ({
  api,
  drawer,
}, testInfo) => {
  // Four axe scans: on a busy machine they take more than the usual minute.
  test.slow();
  const invalid = await findField(
    api,
    [{ field: 'invalid' }],
    (candidate) => analyzeExpression(candidate.expression).problems.length > 0,
  );
  const opened = new Set<number>();
  await openDrawer(drawer, invalid, opened);
  await expect(drawer.dialog.getByRole('list', { name: 'Problems' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(drawer.page, testInfo, 'drawer-invalid');
  // A problem's button under the pointer: its hover background must keep its text legible.
  for (const colorScheme of ['light', 'dark'] as const) {
    await drawer.page.emulateMedia({ colorScheme });
    const show = drawer.dialog.getByRole('button', { name: 'Show in the expression' }).first();
    await show.hover();
    await expectNoAxeViolations(drawer.page, colourRules, show);
  }

  const { field: broken } = await brokenReference(api);
  await openDrawer(drawer, broken, opened);
  await drawer.dialog.getByText('Formatted', { exact: true }).click();
  await expect(drawer.section('Links')).toContainText('is not a column of');
  await expectNoAxeViolationsInBothSchemes(drawer.page, testInfo, 'drawer-broken-formatted');

  await drawer.section('Links').scrollIntoViewIfNeeded();
  await keepScreenshot(drawer.page, testInfo, 'drawer-broken-links-dark');
});
