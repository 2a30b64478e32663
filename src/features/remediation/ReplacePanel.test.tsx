import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../api/session';
import { setupMockApi } from '../../api/test-support/mock-api';
import { editorMe, readerMe } from '../../api/test-support/mock-journal';
import { journalPaths } from '../../contract/journal';
import type { WorkflowPreview } from '../../contract/workflows';
import { workflowPaths } from '../../contract/workflows';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { ReplacePanel } from './ReplacePanel';

const preview: WorkflowPreview = {
  kind: 'replace',
  summary: '1 of 2 fields in scope match',
  items: [
    {
      id: 5,
      name: 'Null Safe',
      action: 'change',
      before: 'IFNULL(`a`, 0) -- IFNULL',
      after: 'COALESCE(`a`, 0) -- IFNULL',
      removed: [{ start: 0, end: 6 }],
      added: [{ start: 0, end: 8 }],
      problems: [],
      status: 'VALID',
      wasInvalid: false,
    },
  ],
  changes: [{ id: 5, change: { update: { expression: 'COALESCE(`a`, 0) -- IFNULL' } } }],
  counts: { change: 1, skip: 0, invalid: 0 },
};

let body: unknown;
const server = setupMockApi(
  editorMe,
  http.post(workflowPaths.replace, async ({ request }) => {
    body = await request.json();
    return HttpResponse.json(preview);
  }),
);

beforeEach(() => startSession('token-for-tests', false));

const scope = {
  search: { filters: [], sort: { field: 'name' as const, ascending: true }, name: 'Null' },
};

test('find and replace over the table search: the request says what and where, the diff marks what changes', async () => {
  const { user } = renderWithProviders(<ReplacePanel scope={scope} />);
  expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await user.type(screen.getByRole('textbox', { name: 'Find' }), 'IFNULL');
  await user.type(screen.getByRole('textbox', { name: 'Replace with' }), 'COALESCE');
  await user.keyboard('{Enter}');
  expect(await screen.findByLabelText('added: COALESCE')).toBeVisible();
  expect(screen.getByText('1 of 2 fields in scope match. 1 to change, 0 skipped.')).toBeVisible();
  expect(body).toEqual({
    find: 'IFNULL',
    replace: 'COALESCE',
    regex: false,
    matchCase: false,
    codeOnly: true,
    scope,
  });
  expect(screen.getByRole('button', { name: 'Apply 1 change' })).toBeEnabled();

  await user.click(screen.getByRole('checkbox', { name: 'Include Null Safe' }));
  expect(screen.getByRole('button', { name: 'Apply 0 changes' })).toBeDisabled();
});

test("a bad pattern shows the server's reason and offers nothing to apply", async () => {
  server.use(
    http.post(workflowPaths.replace, () =>
      HttpResponse.json(
        { status: 400, message: 'not a valid regular expression: /(a/: Unterminated group' },
        { status: 400 },
      ),
    ),
  );
  const { user } = renderWithProviders(<ReplacePanel scope={{ ids: [5] }} />);
  await user.type(screen.getByRole('textbox', { name: 'Find' }), '(a');
  await user.click(screen.getByRole('checkbox', { name: 'Regular expression' }));
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByText(/Unterminated group/)).toBeVisible();
  expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
});

test('a reader previews a fix but is told applying needs an editor, with nothing to apply', async () => {
  server.use(readerMe);
  const { user } = renderWithProviders(<ReplacePanel scope={scope} />);
  await user.type(screen.getByRole('textbox', { name: 'Find' }), 'IFNULL');
  await user.keyboard('{Enter}');
  expect(await screen.findByLabelText('added: COALESCE')).toBeVisible();
  expect(
    await screen.findByText("This token may look, not change: applying needs an editor's token."),
  ).toBeVisible();
  expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
});

test('on a server that holds the token and sends only locks, the reason is the server, not the token', async () => {
  server.use(
    http.get(journalPaths.me, () =>
      HttpResponse.json({ person: 'token 0123456789ab', role: 'editor', canWrite: false }),
    ),
  );
  const { user } = renderWithProviders(<ReplacePanel scope={scope} />);
  await user.type(screen.getByRole('textbox', { name: 'Find' }), 'IFNULL');
  await user.keyboard('{Enter}');
  expect(
    await screen.findByText(
      'This server sends only locks and unlocks with the token it holds: applying needs it started with --allow-writes.',
    ),
  ).toBeVisible();
  expect(screen.queryByText(/editor's token/)).toBeNull();
  expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
});
