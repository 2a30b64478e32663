import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { heldAnswer, setupMockApi } from '../../../api/test-support/mock-api';
import { AUDIT_BASE } from '../../../contract/audit';
import type { FunctionsAnswer } from '../../../contract/audit-functions';
import type { DirectoryResponse } from '../../../contract/directory';
import { apiPaths } from '../../../contract/paths';
import { namePaths } from '../../../contract/names';
import { nameHandlers } from '../../../api/test-support/mock-names';
import { currentUrl, renderWithProviders } from '../../../test-support/render-with-providers';
import { useTableView } from '../url/use-table-view';
import { ActiveFilterChips } from './ActiveFilterChips';
import { FilterMenu } from './FilterMenu';

const SALES = '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const owners = [
  { id: 101, name: 'Ada Lovelace' },
  { id: 102, name: 'Adam Smith' },
  { id: 205, name: 'Grace Hopper' },
];
const dataSources = [{ id: SALES, name: 'Sales Orders', columns: ['Revenue'] }];
const cards = [{ id: 'dr:1:1', title: 'Revenue by Region', dataSourceId: SALES }];
const usage = [
  { name: 'SUM', fields: 12 },
  { name: 'SERVICE_OP_DIVIDE', fields: 5 },
  { name: 'DATEDIFF', fields: 1 },
];

const server = setupMockApi();
vi.setConfig({ testTimeout: 60_000 });

/** The instance's directory, as the service answers its list and lookup forms. */
const directoryHandler = http.get(apiPaths.directory, ({ request }) => {
  const query = new URL(request.url).searchParams;
  const answer: DirectoryResponse = {
    owners: [],
    dataSources: [],
    cards: [],
    totalHits: 0,
    hasMore: false,
  };
  const list = query.get('list');
  const part = (query.get('name') ?? '').toLowerCase();
  if (list === 'owners') answer.owners = owners.filter((o) => o.name.toLowerCase().includes(part));
  if (list === 'dataSources')
    answer.dataSources = dataSources.filter((s) => s.name.toLowerCase().includes(part));
  if (list === 'cards') answer.cards = cards.filter((c) => c.title.toLowerCase().includes(part));
  const ids = (name: string) => query.get(name)?.split(',') ?? [];
  if (!list) {
    answer.owners = owners.filter((owner) => ids('owners').includes(String(owner.id)));
    answer.dataSources = dataSources.filter((source) => ids('dataSources').includes(source.id));
    answer.cards = cards.filter((card) => ids('cards').includes(card.id));
  }
  return HttpResponse.json(answer);
});

const functionsHandler = http.get(`${AUDIT_BASE}/functions`, ({ request }) => {
  const part = new URL(request.url).searchParams.get('name') ?? '';
  const functions = usage.filter((used) => used.name.includes(part));
  const answer: FunctionsAnswer = { functions, totalHits: functions.length, hasMore: false };
  return HttpResponse.json(answer);
});

const missing = (path: string) => http.get(path, () => HttpResponse.json({}, { status: 404 }));

function Filters() {
  const [view, change] = useTableView();
  return (
    <>
      <FilterMenu filters={view} onChange={change} />
      <ActiveFilterChips filters={view} onChange={change} />
    </>
  );
}

async function openFilters(url = '/fields') {
  const rendered = renderWithProviders(<Filters />, { url, path: '/fields' });
  await rendered.user.click(screen.getByRole('button', { name: /^Filters/ }));
  const panel = await screen.findByRole('dialog', { name: /^Filters/ });
  return { ...rendered, panel };
}

const params = () => new URLSearchParams(currentUrl().split('?')[1]);
const chips = () => screen.getByRole('group', { name: 'Active filters' });

beforeEach(() => startSession('token-for-tests', false));

describe('with the directory', () => {
  beforeEach(() =>
    server.use(...nameHandlers({ owners, dataSources, cards }), directoryHandler, functionsHandler),
  );

  test('owners: type part of a name, pick with the keyboard, see a chip; Backspace removes it', async () => {
    const { user, panel } = await openFilters();
    const input = within(panel).getByRole('combobox', { name: 'Owners' });
    await user.click(input);
    await user.type(input, 'ada');
    const listbox = await within(panel).findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Ada Lovelace101', 'Adam Smith102']),
    );

    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    await waitFor(() => expect(params().getAll('owner')).toEqual(['102']));
    expect(input).toHaveValue('');
    expect(within(panel).getByText('Adam Smith')).toBeInTheDocument();
    expect(
      await within(chips()).findByRole('button', { name: 'Remove filter: Owner Adam Smith' }),
    ).toBeInTheDocument();

    await user.type(input, 'grace');
    await within(panel).findByRole('option', { name: /Grace Hopper/ });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(params().getAll('owner')).toEqual(['102', '205']));

    await user.keyboard('{Backspace}');
    await waitFor(() => expect(params().getAll('owner')).toEqual(['102']));
  });

  test('opening the menu leaves every filter in sight: suggestions wait for a click, typing or the down arrow', async () => {
    const directoryLists: string[] = [];
    server.events.on('request:start', ({ request }) => {
      const list = new URL(request.url).searchParams.get('list');
      if (list) directoryLists.push(list);
    });
    const { user, panel } = await openFilters();
    const input = within(panel).getByRole('combobox', { name: 'Owners' });
    await waitFor(() => expect(input).toHaveFocus());
    expect(within(panel).queryByRole('listbox')).toBeNull();
    expect(directoryLists).toEqual([]);

    await user.keyboard('{ArrowDown}');
    const listbox = await within(panel).findByRole('listbox');
    await within(listbox).findByRole('option', { name: /Grace Hopper/ });
    expect(directoryLists).toEqual(['owners']);
    server.events.removeAllListeners();
  });

  test('each pick is a chip whose × removes it, from the keyboard too', async () => {
    const { user, panel } = await openFilters(`/fields?dataSource=${SALES}&card=dr:1:1`);
    const remove = await within(panel).findByRole('button', {
      name: 'Remove data sources Sales Orders',
    });
    expect(within(panel).getByText('Revenue by Region').closest('[title]')).toHaveAttribute(
      'title',
      'dr:1:1',
    );
    remove.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(params().has('dataSource')).toBe(false));
    expect(params().getAll('card')).toEqual(['dr:1:1']);
    await user.click(within(panel).getByRole('button', { name: 'Remove cards Revenue by Region' }));
    await waitFor(() => expect(params().has('card')).toBe(false));
  });

  test('cards and data sources are found by name and kept in the address by id', async () => {
    const { user, panel } = await openFilters();
    await user.type(within(panel).getByRole('combobox', { name: 'Cards' }), 'region');
    await user.click(await within(panel).findByRole('option', { name: /Revenue by Region/ }));
    await user.type(within(panel).getByRole('combobox', { name: 'Data sources' }), 'sales');
    await user.click(await within(panel).findByRole('option', { name: /Sales Orders/ }));
    await waitFor(() => expect(params().getAll('dataSource')).toEqual([SALES]));
    expect(params().getAll('card')).toEqual(['dr:1:1']);
    // The chips' names come from a lookup of the ids in the address, which answers later.
    expect(
      await within(chips()).findByRole('button', { name: 'Remove filter: Card Revenue by Region' }),
    ).toBeInTheDocument();
    expect(
      await within(chips()).findByRole('button', {
        name: 'Remove filter: Data source Sales Orders',
      }),
    ).toBeInTheDocument();
  });

  test('a chip keeps its name while the names of a new filter are looked up', async () => {
    const { user, panel } = await openFilters('/fields?card=dr:1:1');
    const cardChip = { name: 'Remove filter: Card Revenue by Region' };
    expect(await within(chips()).findByRole('button', cardChip)).toBeInTheDocument();
    const lookup = heldAnswer();
    server.use(
      // Held: the lookup of ids that names the data source; answered by the name handlers.
      http.post(namePaths.dataSources, async () => {
        await lookup.hold();
      }),
    );

    await user.type(within(panel).getByRole('combobox', { name: 'Data sources' }), 'sales');
    await user.click(await within(panel).findByRole('option', { name: /Sales Orders/ }));
    await lookup.received;
    expect(within(chips()).getByRole('button', cardChip)).toBeInTheDocument();

    lookup.release();
    expect(
      await within(chips()).findByRole('button', {
        name: 'Remove filter: Data source Sales Orders',
      }),
    ).toBeInTheDocument();
  });

  test('functions are suggested from the latest scan, with how many fields use each', async () => {
    const { user, panel } = await openFilters();
    const input = within(panel).getByRole('combobox', { name: 'Functions' });
    await user.type(input, 'su');
    // The suggestions for "su", not the ones for the empty box shown first.
    await waitFor(() =>
      expect(within(panel).queryByRole('option', { name: /DATEDIFF/ })).toBeNull(),
    );
    expect(
      await within(panel).findByRole('option', { name: /^SUM\s*12 fields$/ }),
    ).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(params().getAll('function')).toEqual(['SUM']));
    expect(
      within(chips()).getByRole('button', { name: 'Remove filter: Function SUM' }),
    ).toBeInTheDocument();
  });

  test('Enter on an id typed faster than the suggestions follow takes that id, not an older suggestion', async () => {
    const { user, panel } = await openFilters();
    const input = within(panel).getByRole('combobox', { name: 'Data sources' });
    await user.click(input);
    await within(panel).findByRole('option', { name: /Sales Orders/ });
    const typedId = '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c';
    await user.type(input, `${typedId}{Enter}`);
    await waitFor(() => expect(params().getAll('dataSource')).toEqual([typedId]));
  });

  test('an address with ids shows their names', async () => {
    const { panel } = await openFilters('/fields?owner=101&owner=999');
    expect((await within(panel).findByText('Ada Lovelace')).closest('[title]')).toHaveAttribute(
      'title',
      '101',
    );
    expect(within(panel).getByText('999')).toBeInTheDocument();
    expect(
      await within(chips()).findByRole('button', { name: 'Remove filter: Owner Ada Lovelace' }),
    ).toBeInTheDocument();
  });

  test('"no active link" is named apart from the audit’s Unused, and says how that rule differs', async () => {
    const { user, panel } = await openFilters();
    const active = within(panel).getByRole('radiogroup', { name: 'Active link' });
    expect(active).toHaveAccessibleDescription(/No active link of any kind.*audit's Unused/);
    expect(within(active).queryByText('Unused')).toBeNull();
    await user.click(within(active).getByText('No active link'));
    await waitFor(() => expect(params().get('active')).toBe('false'));
    for (const [group, choice, key, value] of [
      ['Aggregated', 'Aggregates', 'aggregated', 'true'],
      ['Global', 'Not global', 'global', 'false'],
      ['Hidden', 'Hidden', 'hidden', 'true'],
      ['Nested', 'Used by other fields', 'nested', 'true'],
    ] as const) {
      await user.click(
        within(within(panel).getByRole('radiogroup', { name: group })).getByText(choice, {
          exact: true,
        }),
      );
      await waitFor(() => expect(params().get(key)).toBe(value));
    }
    expect(
      within(chips())
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual([
      'No active link',
      'Aggregates',
      'Not global',
      'Hidden',
      'Used by other fields',
      'Variables hidden',
      'Clear all',
    ]);
  });
});

describe('without the directory or a scan', () => {
  beforeEach(() =>
    server.use(
      ...nameHandlers('missing'),
      missing(apiPaths.directory),
      missing(`${AUDIT_BASE}/functions`),
    ),
  );

  test('owners are ids typed by hand; a wrong one is refused with the reason', async () => {
    const { user, panel } = await openFilters();
    const input = within(panel).getByRole('combobox', { name: 'Owners' });
    await user.click(input);
    await waitFor(() =>
      expect(input).toHaveAttribute('placeholder', 'Type an owner id, e.g. 15914'),
    );
    expect(input).toHaveAccessibleDescription('This instance names none of them: ids only.');

    await user.type(input, 'ada{Enter}');
    expect(
      await within(panel).findByText('An owner id is a whole number, e.g. 15914'),
    ).toBeVisible();
    expect(params().has('owner')).toBe(false);

    await user.clear(input);
    await user.type(input, '15914{Enter}');
    await waitFor(() => expect(params().getAll('owner')).toEqual(['15914']));
    expect(
      within(chips()).getByRole('button', { name: 'Remove filter: Owner 15914' }),
    ).toBeInTheDocument();
  });

  test('functions: every name the analyzer knows is suggested, and any name can be typed', async () => {
    const { user, panel } = await openFilters();
    const input = within(panel).getByRole('combobox', { name: 'Functions' });
    await user.click(input);
    await waitFor(() => expect(input).toHaveAccessibleDescription(/No audit scan yet/));
    await user.type(input, 'datedi');
    expect(await within(panel).findByRole('option', { name: 'DATEDIFF' })).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'not a name{Enter}');
    expect(
      await within(panel).findByText(/A function name is letters, digits and _/),
    ).toBeVisible();
    await user.clear(input);
    await user.type(input, 'my_own_udf{Enter}');
    await waitFor(() => expect(params().getAll('function')).toEqual(['MY_OWN_UDF']));
  });
});

test('each chip removes its own filter, and "Clear all" every filter but the default', async () => {
  const { user } = renderWithProviders(<Filters />, {
    url: '/fields?locked=false&archived=false&invalid=true',
    path: '/fields',
  });
  const chipNames = () =>
    within(chips())
      .getAllByRole('button')
      .map((chip) => chip.textContent);
  expect(chipNames()).toEqual([
    'Unlocked',
    'Not archived',
    'Invalid status',
    'Variables hidden',
    'Clear all',
  ]);

  await user.click(within(chips()).getByRole('button', { name: 'Remove filter: Not archived' }));
  await waitFor(() => expect(params().has('archived')).toBe(false));
  expect(params().get('locked')).toBe('false');
  expect(params().get('invalid')).toBe('true');

  await user.click(within(chips()).getByRole('button', { name: 'Clear all' }));
  await waitFor(() => expect(currentUrl()).toBe('/fields'));
  // What remains is the default, which says why the count leaves variables out.
  expect(chipNames()).toEqual(['Variables hidden']);
});

// The e2e filters journey chooses two of these in Chromium, against the server.
describe('the flags of the menu', () => {
  beforeEach(() =>
    server.use(
      ...nameHandlers('missing'),
      missing(apiPaths.directory),
      missing(`${AUDIT_BASE}/functions`),
    ),
  );

  test('each choice is kept in the address and shown as its chip', async () => {
    const { user, panel } = await openFilters();
    const choices: Array<[() => HTMLElement, string, string, string]> = [
      [() => choice('Lock', 'Locked'), 'locked', 'true', 'Locked'],
      [() => choice('Lock', 'Unlocked'), 'locked', 'false', 'Unlocked'],
      [() => choice('Archived', 'Archived'), 'archived', 'true', 'Archived'],
      [() => choice('Archived', 'Not archived'), 'archived', 'false', 'Not archived'],
      [
        () => within(panel).getByLabelText('Invalid status only'),
        'invalid',
        'true',
        'Invalid status',
      ],
      [
        () => within(panel).getByLabelText('Broken links only'),
        'brokenLinks',
        'true',
        'Broken links',
      ],
    ];
    // Text queries: role queries over the whole menu compute the styles of every element.
    function choice(group: string, label: string) {
      const stack = within(panel).getByText(group, { selector: 'p[id]' }).parentElement!;
      return within(stack).getByText(label, { exact: true, ignore: 'p' });
    }
    for (const [control, parameter, value, chip] of choices) {
      await user.click(control());
      await waitFor(() => expect(params().get(parameter)).toBe(value));
      expect(within(chips()).getByRole('button', { name: `Remove filter: ${chip}` })).toBeVisible();
    }
  });
});
