import { afterAll, beforeAll } from 'vitest';
import { giveElementsASize } from './element-size';

/**
 * happy-dom lays nothing out: for one test file, a long list's box is `boxHeight`
 * pixels high, each item `itemHeight`, and the box scrolls over all of them, as a
 * browser would measure them (components/LongList.tsx).
 */
export function layOutLongLists(boxHeight: number, itemHeight: number) {
  giveElementsASize(600, boxHeight);
  const descriptors = ['offsetHeight', 'scrollHeight'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.getAttribute('role') === 'listitem' ? itemHeight : 0;
      },
    });
    // The box's content is its list, as high as the list says.
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        const list = this.firstElementChild as HTMLElement | null;
        return list?.style.height ? Number.parseFloat(list.style.height) : 0;
      },
    });
  });
  afterAll(() => {
    for (const [name, descriptor] of descriptors) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    }
  });
}
