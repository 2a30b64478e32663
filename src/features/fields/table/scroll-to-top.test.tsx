import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import { giveElementsASize } from '../../../test-support/element-size';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { TableOfFields } from './test-support/TableOfFields';

const fields = Array.from({ length: 60 }, (_, index) => searchItem(index + 1));

setupMockApi();
giveElementsASize(1200, 400);

beforeEach(() => startSession('token-for-tests', false));

/** The table with a button standing in for the user choosing another view. */
function Table() {
  const [view, setView] = useState(1);
  return (
    <>
      <button onClick={() => setView(view + 1)}>Another view</button>
      <TableOfFields fields={fields} viewKey={String(view)} />
    </>
  );
}

async function renderScroller() {
  renderWithProviders(<Table />, { url: '/fields' });
  const scroller = await screen.findByTestId('fields-scroller');
  const scrollTo = vi.spyOn(scroller, 'scrollTo');
  return { scroller, scrollTo };
}

test('another view scrolls a table the user scrolled down back to its top', async () => {
  const { scroller, scrollTo } = await renderScroller();
  scroller.scrollTop = 10 * 44;
  fireEvent.scroll(scroller);

  fireEvent.click(screen.getByRole('button', { name: 'Another view' }));

  expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
});

// Scrolling to where the table already is makes the browser lay out the new rows at
// once, on every keystroke of a search.
test('another view leaves a table at its top alone', async () => {
  const { scroller, scrollTo } = await renderScroller();
  scroller.scrollTop = 10 * 44;
  fireEvent.scroll(scroller);
  scroller.scrollTop = 0;
  fireEvent.scroll(scroller);

  fireEvent.click(screen.getByRole('button', { name: 'Another view' }));

  expect(scrollTo).not.toHaveBeenCalled();
});
