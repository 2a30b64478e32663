import { fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { giveElementsASize } from '../test-support/element-size';
import { renderWithProviders } from '../test-support/render-with-providers';
import { DRAWN_WHOLE_UP_TO, LongList } from './LongList';

const ITEM_HEIGHT = 24;
const names = (count: number) => Array.from({ length: count }, (_, index) => `Field ${index + 1}`);

// A box 240 pixels high; happy-dom lays nothing out, so each item measures 24 pixels
// and the box scrolls over all of them (what a browser would measure).
giveElementsASize(600, 240);
const layout = ['offsetHeight', 'scrollHeight'].map(
  (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
);
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('role') === 'listitem' ? ITEM_HEIGHT : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return (this.firstElementChild as HTMLElement | null)?.style.height
        ? Number.parseFloat((this.firstElementChild as HTMLElement).style.height)
        : 0;
    },
  });
});
afterAll(() => {
  for (const [name, descriptor] of layout) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  }
});

function renderList(count: number) {
  return renderWithProviders(
    <LongList
      label="Skipped fields"
      items={names(count)}
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
