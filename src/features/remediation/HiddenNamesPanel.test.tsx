import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import { mockJournal } from '../../api/test-support/mock-journal';
import type { WorkflowPreview } from '../../contract/workflows';
import { workflowPaths } from '../../contract/workflows';
import { fixLink } from '../../links/fix-link';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { FixPage } from './FixPage';

vi.setConfig({ testTimeout: 30_000 });

const HIDDEN = 'report\u202Egnp.exe';
const LOOK_ALIKE = 'Reve\u200Bnue';
const fields = () =>
  new Map([
    [1, calculatedField(1, { name: HIDDEN })],
    [3, calculatedField(3, { name: LOOK_ALIKE })],
  ]);
const preview = (checkSum: string): WorkflowPreview => ({
  kind: 'rename',
  summary: '2 fields whose names hold hidden characters',
  items: [
    { id: 1, name: HIDDEN, action: 'change', newName: 'reportgnp.exe' },
    {
      id: 3,
      name: LOOK_ALIKE,
      action: 'skip',
      reason:
        'without its hidden characters it reads `Revenue`, as field 2 does: merge them, or rename it by hand',
    },
  ],
  changes: [{ id: 1, change: { update: { name: 'reportgnp.exe' } }, basedOn: { checkSum } }],
  counts: { change: 1, skip: 1, invalid: 0 },
});

const asked: unknown[] = [];
const server = setupMockApi();

beforeEach(() => {
  asked.length = 0;
  startSession('token-for-tests', false);
});

function renderFix(link: string) {
  const stored = fields();
  const journal = mockJournal(stored);
  server.use(
    ...journal.handlers,
    http.post(workflowPaths.hiddenNames, async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json(preview(stored.get(1)!.checkSum));
    }),
  );
  return { ...renderWithProviders(<FixPage />, { url: link }), stored, journal };
}

test('a group of the finding previewed: names before and after, hidden characters shown, skips with reasons; applied as one rename, then undone', async () => {
  const { user, stored, journal } = renderFix(
    fixLink({ workflow: 'hidden-names', group: 'U+202E' }),
  );
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
    'Remove hidden characters from names',
  );
  await user.click(await screen.findByRole('button', { name: 'Preview' }));
  expect(asked).toEqual([{ group: { finding: 'hidden-name-characters', key: 'U+202E' } }]);

  const shown = await screen.findByRole('region', { name: 'Preview' });
  expect(
    within(shown).getByText('2 fields whose names hold hidden characters. 1 to change, 1 skipped.'),
  ).toBeVisible();
  // The name before as the drawer shows it (the override as its code point), the name after as is.
  const change = within(shown).getByRole('checkbox', { name: 'Include report⟨U+202E⟩gnp.exe' });
  expect(change.closest('li')).toHaveTextContent('report⟨U+202E⟩gnp.exe');
  expect(change.closest('li')).toHaveTextContent('Renamed to reportgnp.exe');
  const skippedList = within(shown).getByRole('region', { name: 'Skipped' });
  expect(skippedList).toHaveTextContent(
    'Reve⟨U+200B⟩nue (field 3): without its hidden characters it reads `Revenue`, as field 2 does: merge them, or rename it by hand',
  );

  await user.click(within(shown).getByRole('button', { name: 'Apply 1 change' }));
  expect(await screen.findByText('1 field changed.', {}, { timeout: 10_000 })).toBeVisible();
  expect(journal.requests.at(-1)).toEqual({
    kind: 'rename',
    items: [
      {
        id: 1,
        change: { update: { name: 'reportgnp.exe' } },
        basedOn: { checkSum: expect.any(String) },
      },
    ],
  });
  expect(stored.get(1)!.name).toBe('reportgnp.exe');

  await user.click(screen.getByRole('button', { name: 'Undo…' }));
  await user.click(await screen.findByRole('button', { name: 'Undo' }));
  await screen.findByText(/^Undone by change set 2/, {}, { timeout: 10_000 });
  expect(stored.get(1)!.name).toBe(HIDDEN);
});

test("the drawer's link asks for the one field; the whole finding asks for all of it", async () => {
  const { user, unmount } = renderFix(fixLink({ workflow: 'hidden-names', ids: [1] }));
  expect(await screen.findByText(/In the 1 chosen field\./)).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByRole('region', { name: 'Preview' });
  unmount();

  const all = renderFix(fixLink({ workflow: 'hidden-names' }));
  expect(await screen.findByText(/In every field of the finding\./)).toBeVisible();
  await all.user.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByRole('region', { name: 'Preview' });
  expect(asked).toEqual([{ fieldIds: [1] }, {}]);
});
