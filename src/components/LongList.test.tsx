import { fireEvent, screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { layOutLongLists } from '../test-support/list-layout';
import { renderWithProviders } from '../test-support/render-with-providers';
import { DRAWN_WHOLE_UP_TO, LongList } from './LongList';

const ITEM_HEIGHT = 24;
const names = (count: number) => Array.from({ length: count }, (_, index) => `Field ${index + 1}`);

layOutLongLists(240, ITEM_HEIGHT);

function renderList(count: number) {
  return renderWithProviders(
    <LongList
      label="Skipped fields"
      count={count}
      itemAt={(index) => `Field ${index + 1}`}
      renderItem={(name) => <span>{name}</span>}
      itemHeight={ITEM_HEIGHT}
    />,
  );
}

const shownNames = () =>
  within(screen.getByRole('list', { name: 'Skipped fields' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

test('of 100,000 items only a window is drawn, and the list says how many it holds', async () => {
  renderList(100_000);

  const box = await screen.findByRole('region', { name: 'Skipped fields: 100,000 items' });
  const shown = await within(box).findAllByRole('listitem');
  expect(shown.length).toBeGreaterThan(5);
  expect(shown.length).toBeLessThan(40);
  expect(shown[0]).toHaveTextContent('Field 1');
  expect(shown[0]!.getAttribute('aria-setsize')).toBe('100000');
  expect(shown[0]!.getAttribute('aria-posinset')).toBe('1');
});

test('the keyboard scrolls it: End to the last item, Page Up by a view, Home back to the first', async () => {
  const { user } = renderList(100_000);
  const box = await screen.findByRole('region', { name: /^Skipped fields/ });
  await within(box).findAllByRole('listitem');

  await user.tab();
  expect(box).toHaveFocus();
  await user.keyboard('{End}');
  fireEvent.scroll(box); // a browser tells the list it scrolled; happy-dom does not
  expect(shownNames().at(-1)).toBe('Field 100000');
  expect(shownNames()).not.toContain('Field 1');

  const top = box.scrollTop;
  await user.keyboard('{PageUp}');
  expect(box.scrollTop).toBe(top - (240 - ITEM_HEIGHT));
  await user.keyboard('{ArrowDown}');
  expect(box.scrollTop).toBe(top - (240 - ITEM_HEIGHT) + ITEM_HEIGHT);

  await user.keyboard('{Home}');
  fireEvent.scroll(box);
  expect(shownNames()[0]).toBe('Field 1');
});

test('a short list is drawn whole', async () => {
  renderList(DRAWN_WHOLE_UP_TO);
  await screen.findByRole('region', { name: `Skipped fields: ${DRAWN_WHOLE_UP_TO} items` });
  expect(shownNames()).toEqual(names(DRAWN_WHOLE_UP_TO));
});
