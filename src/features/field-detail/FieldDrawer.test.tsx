import { configure, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import { mockJournal } from '../../api/test-support/mock-journal';
import { currentUrl, renderWithProviders } from '../../test-support/render-with-providers';
import { shownName } from '../../test-support/shown-name';
import { FieldDrawer } from './FieldDrawer';
import { mockInstance, smallDirectory } from './test-support/mock-instance';

const server = setupMockApi();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => startSession('token-for-tests', false));

/** The drawer of field 7, "Revenue", on an instance with the journal, which changes `fields`. */
function showDrawer() {
  const field = calculatedField(7, { name: 'Revenue' });
  const fields = new Map([[7, field]]);
  mockInstance(server, { fields: [field], directory: smallDirectory });
  server.use(...mockJournal(fields).handlers);
  const rendered = renderWithProviders(<FieldDrawer />, {
    url: '/fields/7',
    path: '/fields/:id',
    otherRoutes: [{ path: '/fields', element: <p>The table</p> }],
  });
  return { ...rendered, fields };
}

test("Escape on a change's confirmation closes it alone: the drawer stays, with focus on the action", async () => {
  const { user, fields } = showDrawer();

  const rename = await screen.findByRole('button', { name: 'Rename' });
  rename.focus();
  await user.keyboard('{Enter}');
  const newName = await screen.findByLabelText(/New name/);
  await user.clear(newName);
  await user.type(newName, 'Net revenue{Enter}');
  await screen.findByText('name: Revenue → Net revenue');

  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Rename/ })).toBeNull());
  expect(currentUrl()).toBe('/fields/7');
  expect(screen.getByRole('dialog', { name: 'Revenue' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Rename' })).toHaveFocus());
  expect(fields.get(7)?.name).toBe('Revenue');
});

test('the dialog of an archive keeps saying Archive once the field it shows is archived', async () => {
  const { user, fields } = showDrawer();
  await user.click(await screen.findByRole('button', { name: 'Archive' }));
  const dialog = await screen.findByRole('dialog', { name: 'Archive Revenue' });
  await within(dialog).findByText('archived: false → true');
  within(dialog).getByRole('button', { name: 'Archive' }).focus();
  await user.keyboard('{Enter}');
  // The confirm button is gone: focus goes to what the change did, not to the page's body.
  expect(await within(dialog).findByText('1 field changed.')).toHaveFocus();

  // The drawer has read the field again: it offers Restore now, the dialog still reports the archive.
  await screen.findByRole('button', { name: 'Restore' });
  expect(screen.getByRole('dialog', { name: 'Archive Revenue' })).toBe(dialog);
  expect(fields.get(7)?.archived).toBe(true);
});

/** Opens Rename from the drawer and asks for the dry run of `name`; answers the dialog. */
async function previewRename(user: ReturnType<typeof showDrawer>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: 'Rename' }));
  const newName = await screen.findByLabelText(/New name/);
  await user.clear(newName);
  await user.type(newName, `${name}{Enter}`);
  return screen.findByRole('dialog', { name: 'Rename Revenue' });
}

/** Deletes the drawer's field through its dialog, confirmed; answers the dialog, still open. */
async function deleteFromDrawer(user: ReturnType<typeof showDrawer>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Revenue' });
  await within(dialog).findByText('deleted');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  await within(dialog).findByText('1 field changed.');
  return dialog;
}

test("a field deleted from its drawer stays on screen, said to be deleted, with the delete's Undo at hand", async () => {
  const { user, fields } = showDrawer();
  const dialog = await deleteFromDrawer(user);
  expect(fields.has(7)).toBe(false);

  // The drawer has read the field again and found it gone: the dialog is still there.
  await screen.findByText(/This field was deleted/);
  expect(screen.getByRole('dialog', { name: 'Delete Revenue' })).toBe(dialog);
  await user.click(within(dialog).getByRole('button', { name: 'Undo…' }));
  await user.click(await within(dialog).findByRole('button', { name: 'Undo' }));
  await within(dialog).findByText('Undone by change set 2: 1 field changed.');
  expect(fields.get(7)?.name).toBe('Revenue');
  await waitFor(() => expect(screen.queryByText(/This field was deleted/)).toBeNull());
});

test("an undo from the field's history says what it did and offers it no more", async () => {
  const { user, fields } = showDrawer();
  const dialog = await previewRename(user, 'Net revenue');
  await user.click(await within(dialog).findByRole('button', { name: 'Rename' }));
  await within(dialog).findByText('1 field changed.');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Rename/ })).toBeNull());

  const history = await screen.findByRole('list', { name: 'Recorded versions' });
  await user.click(await within(history).findByRole('button', { name: 'Undo…' }));
  await user.click(await within(history).findByRole('button', { name: 'Undo' }));
  await within(history).findByText('Undone by change set 2: 1 field changed.');
  expect(fields.get(7)?.name).toBe('Revenue');
  expect(within(history).queryByRole('button', { name: 'Undo' })).toBeNull();
});

test("a deleted field's write actions are disabled, saying to undo the delete, and come back with the undo", async () => {
  const { user, fields } = showDrawer();
  await deleteFromDrawer(user);
  await screen.findByText(/This field was deleted/);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Revenue' })).toBeNull());

  const actions = screen.getByRole('group', { name: 'Change this field' });
  for (const action of ['Edit expression', 'Rename', 'Change owner', 'Archive', 'Delete']) {
    const button = within(actions).getByRole('button', { name: action });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Undo the delete first');
  }
  const lock = screen.getByRole('switch', { name: 'Locked' });
  expect(lock).toHaveAttribute('aria-disabled', 'true');
  expect(lock).toHaveAccessibleDescription('Undo the delete first');

  const history = await screen.findByRole('list', { name: 'Recorded versions' });
  await user.click(await within(history).findByRole('button', { name: 'Undo…' }));
  await user.click(await within(history).findByRole('button', { name: 'Undo' }));
  await within(history).findByText('Undone by change set 2: 1 field changed.');
  expect(fields.get(7)?.name).toBe('Revenue');
  await waitFor(() =>
    expect(within(actions).getByRole('button', { name: 'Rename' })).toBeEnabled(),
  );
  expect(within(actions).getByRole('button', { name: 'Rename' })).not.toHaveAccessibleDescription();
  expect(lock).not.toHaveAttribute('aria-disabled');
});

test('a rename skipped as changed since goes back to the form with the typed name, and goes through on the field as it is now', async () => {
  const { user, fields } = showDrawer();
  const dialog = await previewRename(user, 'Net revenue');
  await within(dialog).findByText('name: Revenue → Net revenue');
  // Someone else changes the field between the dry run and the confirmation.
  fields.set(7, { ...fields.get(7)!, name: 'Gross revenue', checkSum: 'theirs' });
  await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
  await within(dialog).findByText(/changed since/);
  expect(fields.get(7)?.name).toBe('Gross revenue');

  await user.click(within(dialog).getByRole('button', { name: 'Back' }));
  expect(within(dialog).getByLabelText(/New name/)).toHaveValue('Net revenue');
  expect(within(dialog).getByLabelText(/New name/)).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
  await within(dialog).findByText('name: Gross revenue → Net revenue');
  await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
  await within(dialog).findByText('1 field changed.');
  expect(fields.get(7)?.name).toBe('Net revenue');
});

test('a page followed to while the drawer closes stays chosen, though React has yet to draw it', async () => {
  const field = calculatedField(7, { name: 'Revenue' });
  mockInstance(server, { fields: [field], directory: smallDirectory });
  server.use(...mockJournal(new Map([[7, field]])).handlers);
  // The audit's page is a chunk still loading: the router is at its address, and React
  // keeps the drawer on screen until the page can be drawn.
  let showAudit = () => {};
  const loaded = new Promise<void>((resolve) => (showAudit = resolve));
  const AuditPage = lazy(async () => {
    await loaded;
    return { default: () => <p>The audit</p> };
  });
  const { user, router } = renderWithProviders(<FieldDrawer />, {
    url: '/fields/7',
    path: '/fields/:id',
    otherRoutes: [
      { path: '/fields', element: <p>The table</p> },
      { path: '/audit', element: <AuditPage /> },
    ],
  });
  await screen.findByRole('dialog', { name: 'Revenue' });

  await router.navigate('/audit');
  expect(router.state).toMatchObject({
    location: { pathname: '/audit' },
    navigation: { state: 'idle' },
  });
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revenue' })).toBeNull());
  // The drawer decides where to go once its exit transition (200 ms) has ended.
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(currentUrl()).toBe('/audit');
  expect(screen.queryByText('The table')).toBeNull();
  showAudit();
  expect(await screen.findByText('The audit')).toBeInTheDocument();
});

test('the drawer and the tab are titled by the name as it is, a direction override shown and set apart', async () => {
  const field = calculatedField(7, { name: 'report\u202Egnp.exe' });
  mockInstance(server, { fields: [field], directory: smallDirectory });
  renderWithProviders(<FieldDrawer />, { url: '/fields/7', path: '/fields/:id' });

  const drawer = await screen.findByRole('dialog', { name: shownName('report⟨U+202E⟩gnp.exe') });
  const title = within(drawer).getByTitle('right-to-left override (U+202E)').closest('bdi');
  expect(title).toHaveTextContent('report⟨U+202E⟩gnp.exe');
  await waitFor(() => expect(document.title).toMatch(/^report⟨U\+202E⟩gnp\.exe/));
});
