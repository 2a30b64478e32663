import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { confirmPlan } from '../../../api/journal/start-change-set';
import { planUndo } from '../../../api/journal/undo-change-set';
import { startSession } from '../../../api/session';
import { calculatedField, setupMockApi } from '../../../api/test-support/mock-api';
import { reader } from '../../../api/test-support/mock-journal';
import type { DirectoryResponse } from '../../../contract/directory';
import { apiPaths } from '../../../contract/paths';
import { MAX_NAME_LENGTH } from '../../../contract/template-writes';
import { shownName } from '../../../test-support/shown-name';
import { showWritableField } from './test-support/journal-drawer';

const server = setupMockApi();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => startSession('token-for-tests', false));

const field = calculatedField(7, { name: 'Revenue' });
const dialog = () => within(screen.getByRole('dialog'));

describe('who may write', () => {
  test('a reader sees no write action, not even while the server answers', async () => {
    const { journal } = showWritableField(server, field, { me: reader });
    expect(screen.queryByRole('group', { name: 'Change this field' })).toBeNull();
    await waitFor(() => expect(journal.reads.me).toBe(1));
    await screen.findByText('No change to this field has been made here yet.');
    expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Undo/ })).toBeNull();
  });

  test('on a locked field each action is disabled and says to unlock it first', async () => {
    showWritableField(server, calculatedField(7, { locked: true }));
    const rename = await screen.findByRole('button', { name: 'Rename' });
    expect(rename).toBeDisabled();
    expect(rename).toHaveAccessibleDescription('Unlock it first');
    expect(screen.getByRole('button', { name: 'Edit expression' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
  });
});

describe('rename', () => {
  test('shows the dry run, records the change based on the version shown, and undoes it', async () => {
    const { fields, journal } = showWritableField(server, field);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    fireEvent.change(dialog().getByLabelText(/New name/), { target: { value: 'Net revenue' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Preview' }));
    await dialog().findByText('name: Revenue → Net revenue');
    expect(fields.get(7)?.name).toBe('Revenue');

    fireEvent.click(dialog().getByRole('button', { name: 'Rename' }));
    await dialog().findByText('1 field changed.');
    expect(fields.get(7)?.name).toBe('Net revenue');
    expect(journal.requests.at(-1)).toEqual({
      kind: 'rename',
      items: [
        {
          id: 7,
          change: { update: { name: 'Net revenue' } },
          basedOn: { checkSum: field.checkSum, lastModified: field.lastModified },
        },
      ],
    });

    fireEvent.click(await dialog().findByRole('button', { name: 'Undo…' }));
    await dialog().findByText('Undo this change?');
    fireEvent.click(dialog().getByRole('button', { name: 'Undo' }));
    await dialog().findByText('Undone by change set 2: 1 field changed.');
    expect(fields.get(7)?.name).toBe('Revenue');
  });

  test('takes a name as long as the API does', async () => {
    const { journal } = showWritableField(server, field);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const input = dialog().getByLabelText(/New name/);
    const user = userEvent.setup();
    await user.clear(input);
    await user.click(input);
    const longest = 'n'.repeat(MAX_NAME_LENGTH);
    await user.paste(longest);
    fireEvent.click(dialog().getByRole('button', { name: 'Preview' }));
    await waitFor(() =>
      expect(journal.requests.at(-1)?.items[0]?.change).toEqual({ update: { name: longest } }),
    );
  });

  test('an undo refused because the change was undone elsewhere says so', async () => {
    const { fields } = showWritableField(server, field);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    fireEvent.change(dialog().getByLabelText(/New name/), { target: { value: 'Net revenue' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Preview' }));
    await dialog().findByText('name: Revenue → Net revenue');
    fireEvent.click(dialog().getByRole('button', { name: 'Rename' }));
    await dialog().findByText('1 field changed.');
    // Another tab, or the Activity page, undoes it first.
    await confirmPlan(await planUndo({ id: 1 }, 'embedded'), 'embedded');
    expect(fields.get(7)?.name).toBe('Revenue');

    fireEvent.click(await dialog().findByRole('button', { name: 'Undo…' }));
    expect(await dialog().findByRole('alert')).toHaveTextContent(
      'The undo was refusedChange set 1 was undone already, by change set 2.',
    );
  });
});

describe('change owner', () => {
  test('picks the new owner by name from the directory of owners', async () => {
    const { fields } = showWritableField(server, field);
    server.use(
      http.get(apiPaths.directory, ({ request }) => {
        const name = new URL(request.url).searchParams.get('name') ?? '';
        const owners = [
          { id: 7, name: 'Ada Lovelace' },
          { id: 42, name: 'Grace Hopper' },
        ].filter((owner) => owner.name.toLowerCase().includes(name.toLowerCase()));
        const page: DirectoryResponse = {
          owners,
          dataSources: [],
          cards: [],
          totalHits: owners.length,
          hasMore: false,
        };
        return HttpResponse.json(page);
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Change owner' }));
    const picker = dialog().getByLabelText(/New owner/);
    const user = userEvent.setup();
    await user.type(picker, 'grace');
    await waitFor(() =>
      expect(document.querySelector('[role=option]')).toHaveTextContent('Grace Hopper'),
    );
    await user.keyboard('{ArrowDown}{Enter}');
    fireEvent.click(dialog().getByRole('button', { name: 'Preview' }));
    await dialog().findByText('owner: 7 → 42');
    fireEvent.click(dialog().getByRole('button', { name: 'Change owner' }));
    await dialog().findByText('1 field changed.');
    expect(fields.get(7)?.owner).toBe(42);
  });
});

describe('delete', () => {
  test('is refused while the field is used, unless its name is typed; archive is offered first', async () => {
    const { fields } = showWritableField(server, field, {
      usedBy: new Map([[7, 'used by 2 cards and 1 field']]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await dialog().findByText('used by 2 cards and 1 field');
    expect(dialog().getByRole('button', { name: 'Archive it instead' })).toBeInTheDocument();
    const remove = dialog().getByRole('button', { name: 'Delete' });
    expect(remove).toBeDisabled();
    expect(dialog().getByRole('alert')).toHaveTextContent(/type its name to delete it anyway/);

    const confirmName = dialog().getByLabelText(/Type the field's name/);
    fireEvent.change(confirmName, { target: { value: 'revenue' } });
    expect(dialog().getByRole('button', { name: 'Delete' })).toBeDisabled();
    fireEvent.change(confirmName, { target: { value: 'Revenue' } });
    await waitFor(() => expect(dialog().getByRole('button', { name: 'Delete' })).toBeEnabled());
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await dialog().findByText('1 field changed.');
    expect(fields.has(7)).toBe(false);
  });

  test('a name with a direction override reads as it is in the dialog, and typed as shown it confirms', async () => {
    const tricky = calculatedField(7, { name: 'report\u202Egnp.exe' });
    const { fields } = showWritableField(server, tricky, {
      usedBy: new Map([[7, 'used by 2 cards and 1 field']]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const shown = await screen.findByRole('dialog', {
      name: shownName('Delete report⟨U+202E⟩gnp.exe'),
    });
    expect(shown.textContent).not.toContain('\u202E');
    await dialog().findByText('used by 2 cards and 1 field');
    // The title, the dry run's item and the name to type.
    expect(within(shown).getAllByTitle('right-to-left override (U+202E)')).toHaveLength(3);
    const confirmName = dialog().getByLabelText(/Type the field's name/);
    fireEvent.change(confirmName, { target: { value: 'report⟨U+202E⟩gnp.exe' } });
    await waitFor(() => expect(dialog().getByRole('button', { name: 'Delete' })).toBeEnabled());
    fireEvent.click(dialog().getByRole('button', { name: 'Delete' }));
    await dialog().findByText('1 field changed.');
    expect(fields.has(7)).toBe(false);
  });
});
