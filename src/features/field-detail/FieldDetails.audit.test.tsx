import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import type { FieldFinding } from '../../contract/audit';
import { findingRules } from '../../contract/audit';
import { brokenReferenceGroupKey } from '../../contract/workflows';
import { UserText } from '../../components/UserText';
import type { CalculatedField } from '../../contract/field';
import { fixLink } from '../../links/fix-link';
import type { MockAudit } from './test-support/mock-audit';
import {
  dataSourceLink,
  functionTemplateLink,
  mockInstance,
  SALES,
  smallDirectory,
} from './test-support/mock-instance';
import { renderDetails } from './test-support/render-details';

const server = setupMockApi();
// Rendering the whole drawer in the test DOM takes seconds on a busy machine; answers wait their turn.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  localStorage.clear();
});

// The demo's case: a VALID field whose expression is fine, nesting an INVALID one.
const projects = calculatedField(40, {
  name: '# of projects',
  status: 'INVALID',
  expression: 'ROUND(SUM(`Revenue`)',
  links: [dataSourceLink(SALES)],
});
const rounded = calculatedField(41, {
  name: '# of projects Rounded',
  expression: 'ROUND(SERVICE_BEAST_MODE(40), 0)',
  links: [dataSourceLink(SALES), functionTemplateLink(40)],
  functionTemplateDependencies: [40],
});
const problem = "missing ')' to close the '(' at position 5";
const brokenDependency: FieldFinding = {
  key: 'broken-dependencies',
  title: 'Broken dependencies',
  rule: findingRules['broken-dependencies'],
  groups: [{ key: '40', label: 'depend on `# of projects`' }],
  note: 'depends on `# of projects`, which is broken',
  cause: {
    kind: 'dependency',
    broken: { id: 40, name: '# of projects', status: 'INVALID' },
    through: [],
    problem: { message: problem, position: 5 },
  },
};
const unused: FieldFinding = {
  key: 'unused',
  title: 'Unused',
  rule: findingRules.unused,
  groups: [],
};

function show(shown: CalculatedField, audit?: MockAudit) {
  mockInstance(server, {
    fields: [projects, rounded, shown],
    directory: smallDirectory,
    dependents: { [shown.id]: [] },
    audit,
  });
  renderDetails({ complete: true, field: shown });
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const NO_PROBLEM = 'The analyzer finds no problem in the expression.';

describe("the audit's findings in the drawer", () => {
  test('a broken dependency is traced to the INVALID field, one click away, and "no problem" is not said', async () => {
    show(rounded, { 41: [unused, brokenDependency] });
    const findings = section('In the latest scan');
    const list = await findings.findByRole('list', { name: "The audit's findings" });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByText(/./)[0]!.textContent)).toEqual([
      'Unused',
      'Broken dependencies',
    ]);
    const dependency = items[1]!;
    expect(dependency).toHaveTextContent(
      `Depends on # of projectsINVALID, which is INVALID: ${problem}.`,
    );
    expect(dependency).toHaveTextContent(`Rule: ${findingRules['broken-dependencies']}`);
    expect(items[0]).toHaveTextContent(`Rule: ${findingRules.unused}`);

    expect(screen.queryByText(NO_PROBLEM)).toBeNull();
    expect(
      section('Problems and findings').getByText(/The expression is well formed, but/),
    ).toHaveTextContent('the latest scan lists it under Unused and Broken dependencies');

    fireEvent.click(within(dependency).getByRole('link', { name: '# of projects' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/fields/40?sort=name');
  });

  test("each finding offers its group's fix as the audit page does: merge, hand over, remap", async () => {
    const copy = calculatedField(45, {
      name: 'Revenue Copy',
      expression: 'SUM(`Margin`)',
      links: [dataSourceLink(SALES, 'ILLEGAL_REFERENCE')],
    });
    const duplicates: FieldFinding = {
      key: 'exact-duplicates',
      title: 'Exact duplicates',
      rule: findingRules['exact-duplicates'],
      groups: [{ key: '12', label: 'SUM(`Margin`)', where: 'fields on data source Sales' }],
      cause: { kind: 'others', fields: [{ id: 12, name: 'Revenue', status: 'VALID' }], more: 0 },
    };
    const inactive: FieldFinding = {
      key: 'inactive-owners',
      title: 'Owned by inactive users',
      rule: findingRules['inactive-owners'],
      groups: [{ key: '7', label: 'Liam\u200B Chen (owner 7)' }],
    };
    const missingMargin = '`Margin` missing from data source Sales';
    const broken: FieldFinding = {
      key: 'broken-references',
      title: 'Broken references',
      rule: findingRules['broken-references'],
      groups: [
        { key: brokenReferenceGroupKey('DATA_SOURCE', SALES, 'Margin'), label: missingMargin },
      ],
      note: missingMargin,
    };
    show(copy, { 45: [broken, duplicates, inactive] });
    const list = await section('In the latest scan').findByRole('list', {
      name: "The audit's findings",
    });
    const [brokenItem, duplicateItem, inactiveItem] = within(list).getAllByRole('listitem');
    expect(
      within(duplicateItem!).getByRole('link', { name: 'Merge: SUM(`Margin`)' }),
    ).toHaveAttribute(
      'href',
      fixLink({ workflow: 'merge', finding: 'exact-duplicates', group: '12' }),
    );
    expect(
      within(inactiveItem!).getByRole('link', { name: 'Hand over: Liam⟨U+200B⟩ Chen (owner 7)' }),
    ).toHaveAttribute('href', fixLink({ workflow: 'handover', from: 7 }));
    expect(
      within(brokenItem!).getByRole('link', { name: `Remap: ${missingMargin}` }),
    ).toHaveAttribute('href', fixLink({ workflow: 'remap', dataSource: SALES, column: 'Margin' }));
  });

  test('an INVALID field in a reference cycle is told why, as the audit tells it, not "no problem"', async () => {
    const cycleA = calculatedField(50, {
      name: 'Cycle A',
      status: 'INVALID',
      expression: 'SERVICE_BEAST_MODE(51) + 1',
      links: [dataSourceLink(SALES), functionTemplateLink(51)],
      functionTemplateDependencies: [51],
    });
    const cycleB = calculatedField(51, {
      name: 'Cycle B',
      status: 'INVALID',
      expression: 'SERVICE_BEAST_MODE(50) + 1',
      links: [dataSourceLink(SALES), functionTemplateLink(50)],
      functionTemplateDependencies: [50],
    });
    mockInstance(server, {
      fields: [cycleA, cycleB],
      directory: smallDirectory,
      dependents: { 50: [51] },
    });
    renderDetails({ complete: true, field: cycleA });
    const cycle =
      'part of a reference cycle: `Cycle A` → `Cycle B` → `Cycle A`; a field cannot depend on itself';
    const problems = section('Problems and findings');
    expect(await problems.findByText(cycle)).toBeInTheDocument();
    expect(problems.getByText('Why it is INVALID')).toBeInTheDocument();
    expect(problems.queryByText(/the analyzer finds no problem/)).toBeNull();
  });

  test('an INVALID dependency looks INVALID in References and Dependencies too', async () => {
    show(rounded);
    const referenced = await section('Dependencies').findByRole('list', {
      name: 'Fields this one references',
    });
    const item = within(referenced).getByRole('listitem');
    expect(within(item).getByRole('link', { name: '# of projects' })).toBeInTheDocument();
    expect(item).toHaveTextContent('INVALID');
    const row = section('References')
      .getAllByRole('row')
      .find((each) => each.textContent?.startsWith('SERVICE_BEAST_MODE(40)'))!;
    expect(row).toHaveTextContent('# of projectsINVALID');
  });

  test('a broken link is not "no problem" either, even with no finding in the scan', async () => {
    const brokenLink = calculatedField(42, {
      name: 'Cost Share',
      expression: 'SUM(`Margin`)',
      links: [dataSourceLink(SALES, 'ILLEGAL_REFERENCE')],
    });
    show(brokenLink);
    expect(
      await section('In the latest scan').findByText(
        'The latest scan finds nothing to report for this field.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(NO_PROBLEM)).toBeNull();
    expect(section('Problems and findings').getByText(/well formed/)).toHaveTextContent(
      'The expression is well formed, but a link is broken (see Links).',
    );
  });

  test('an audit that cannot answer is said quietly, and the rest of the drawer works', async () => {
    const plain = calculatedField(43, { name: 'Plain', links: [dataSourceLink(SALES)] });
    show(plain, 'unavailable');
    expect(
      await section('In the latest scan').findByText(/The audit's findings are not available/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('expression')).toHaveTextContent('SUM(`Amount`)');
    await waitFor(() => expect(screen.getByText(NO_PROBLEM)).toBeInTheDocument());
  });
});

describe('hidden characters in the drawer', () => {
  const expression = "CASE WHEN `Region` = 'West\u202E' THEN 1 ELSE 0 END -- \u2066 checked";
  const lookAlike = calculatedField(44, {
    name: 'Reve\u200Bnue',
    expression,
    links: [dataSourceLink(SALES)],
  });
  const note =
    'the name holds zero-width space (U+200B) at position 4; without its hidden characters it reads `Revenue`, as field 2 does';
  const hiddenName: FieldFinding = {
    key: 'hidden-name-characters',
    title: 'Hidden characters in names',
    rule: findingRules['hidden-name-characters'],
    groups: [{ key: 'U+200B', label: 'zero-width space (U+200B)' }],
    note,
  };

  test('each hidden character of the expression is a lint finding, named and placed, and shown as its code point', async () => {
    show(lookAlike, { 44: [hiddenName] });
    const problems = section('Problems and findings');
    const list = await problems.findByRole('list', { name: 'Lint findings' });
    const hidden = within(list)
      .getAllByRole('listitem')
      .filter((item) => within(item).queryByText('Hidden character'));
    expect(hidden.map((item) => within(item).getByText(/at position/).textContent)).toEqual([
      'right-to-left override (U+202E) in a string at position 26: it changes the order the text around it is shown in',
      'left-to-right isolate (U+2066) in a comment at position 50: it changes the order the text around it is shown in',
    ]);
    expect(
      within(hidden[0]!).getByRole('button', { name: 'Show in the expression' }),
    ).toBeInTheDocument();

    // The text stays exactly the expression; each hidden character is set apart and labelled.
    const shown = screen.getByTestId('expression');
    expect(shown.textContent).toBe(expression);
    const marked = [...shown.querySelectorAll('[data-code]')];
    expect(
      marked.map((mark) => [mark.getAttribute('data-code'), mark.getAttribute('title')]),
    ).toEqual([
      ['U+202E', 'right-to-left override (U+202E)'],
      ['U+2066', 'left-to-right isolate (U+2066)'],
    ]);
    // Marked as a name's hidden character is: one look for both.
    const name = render(<UserText text={'West\u202E'} />).container;
    const nameMark = name.querySelector('[title="right-to-left override (U+202E)"]')!;
    expect(nameMark.textContent).toBe('⟨U+202E⟩');
    expect(nameMark.className).toBe(marked[0]!.className);
  });

  test("the audit's finding says what the name hides and what it reads as, and opens its removal", async () => {
    show(lookAlike, { 44: [hiddenName] });
    const list = await section('In the latest scan').findByRole('list', {
      name: "The audit's findings",
    });
    const [item] = within(list).getAllByRole('listitem');
    expect(within(item!).getByText('Hidden characters in names')).toBeInTheDocument();
    expect(item).toHaveTextContent(note);
    expect(item).toHaveTextContent(`Rule: ${findingRules['hidden-name-characters']}`);
    expect(within(item!).getByRole('link', { name: 'Remove hidden characters…' })).toHaveAttribute(
      'href',
      fixLink({ workflow: 'hidden-names', ids: [44] }),
    );
  });
});
