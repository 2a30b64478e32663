import { EditorView } from '@codemirror/view';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { calculatedField, setupMockApi } from '../../../api/test-support/mock-api';
import { selectionChangeLater } from '../../../test-support/selection-change-later';
import { showWritableField } from '../actions/test-support/journal-drawer';

const server = setupMockApi();
selectionChangeLater();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => startSession('token-for-tests', false));

const dialog = () => within(screen.getByRole('dialog'));
const broken = calculatedField(7, {
  name: 'Margin',
  expression: 'SUM(`Amount`',
  status: 'INVALID',
});

async function openEditor() {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit expression' }));
  const content = await screen.findByRole('textbox', { name: 'Expression of Margin' });
  return EditorView.findFromDOM(content)!;
}

/** Replaces the editor's text as typing would. */
function typeInto(view: EditorView, text: string) {
  view.dispatch({
    changes: { from: 0, to: view.state.doc.length, insert: text },
    userEvent: 'input.type',
  });
}

/** Goes on to the change side by side and the dry run. */
async function preview() {
  const button = dialog().getByRole('button', { name: 'Preview' });
  await waitFor(() => expect(button).toBeEnabled());
  fireEvent.click(button);
}

const underlined = () =>
  [...document.querySelectorAll('.cm-lintRange-error')].map((mark) => mark.textContent);

describe('the expression editor', () => {
  test("underlines the analyzer's problems while typing, and none once fixed", async () => {
    showWritableField(server, broken);
    const view = await openEditor();
    await waitFor(() => expect(underlined().length).toBeGreaterThan(0));

    typeInto(view, 'SUM(`Amount`) / "x');
    await waitFor(() => expect(underlined()).toEqual(['"']));

    typeInto(view, 'SUM(`Amount`)');
    await waitFor(() => expect(underlined()).toEqual([]));
  });

  test('refuses to save an INVALID expression unless "Save although INVALID" is ticked', async () => {
    const { fields, journal } = showWritableField(server, broken);
    const view = await openEditor();
    typeInto(view, 'SUM(`Amount`) +');
    await preview();

    await dialog().findByText(/fix it, or tick "Save although INVALID"/);
    expect(dialog().getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(journal.sets).toHaveLength(0);

    fireEvent.click(dialog().getByRole('checkbox', { name: 'Save although INVALID' }));
    await waitFor(() => expect(dialog().getByRole('button', { name: 'Save' })).toBeEnabled());
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await dialog().findByText('1 field changed.');
    expect(fields.get(7)?.expression).toBe('SUM(`Amount`) +');
    expect(journal.requests.at(-1)).toMatchObject({ kind: 'edit', allowInvalid: true });
  });

  test('saves a fixed expression based on the version it opened with', async () => {
    const { fields, journal } = showWritableField(server, broken);
    const view = await openEditor();
    typeInto(view, 'SUM(`Amount`)');
    await preview();
    await dialog().findByText('expression changed; status: INVALID → VALID');
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await dialog().findByText('1 field changed.');
    expect(fields.get(7)).toMatchObject({ expression: 'SUM(`Amount`)', status: 'VALID' });
    expect(journal.requests.at(-1)?.items[0]?.basedOn).toEqual({
      checkSum: broken.checkSum,
      lastModified: broken.lastModified,
    });
  });

  test('a field changed since the editor opened shows both versions and is not overwritten', async () => {
    const { fields } = showWritableField(server, broken);
    const view = await openEditor();
    // Another person saves meanwhile.
    const theirs = { ...broken, expression: 'SUM(`Cost`)', checkSum: 'theirs' };
    fields.set(7, theirs);
    typeInto(view, 'SUM(`Amount`)');
    await preview();

    await dialog().findByText('Someone changed this field since you opened it');
    expect(dialog().getByRole('textbox', { name: 'Theirs (saved now)' })).toHaveTextContent(
      'SUM(`Cost`)',
    );
    expect(dialog().getByRole('textbox', { name: 'Yours (not saved)' })).toHaveTextContent(
      'SUM(`Amount`)',
    );
    expect(dialog().getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(fields.get(7)).toBe(theirs);
  });
});

test('opens with focus in the editor, after the expression, not on Close, so a person types at once', async () => {
  showWritableField(server, broken);
  const view = await openEditor();
  await waitFor(() => expect(view.contentDOM).toHaveFocus());
  expect(view.state.selection.main.head).toBe(broken.expression.length);
  // Mantine's focus trap moves focus on a timer after the dialog opens; it must stay.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(view.contentDOM).toHaveFocus();
});
