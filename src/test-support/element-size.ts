import { afterAll, beforeAll } from 'vitest';

/**
 * jsdom lays nothing out, so every element measures 0 × 0 and a virtualized list
 * shows no rows. For one test file, every element measures `width` × `height`: a
 * scroller that tall shows about height / row-height rows, plus the overscan.
 */
export function giveElementsASize(width = 1200, height = 800) {
  const descriptors = ['clientWidth', 'clientHeight'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(Element.prototype, name)] as const,
  );
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'clientWidth', {
      configurable: true,
      get: () => width,
    });
    Object.defineProperty(Element.prototype, 'clientHeight', {
      configurable: true,
      get: () => height,
    });
  });
  afterAll(() => {
    for (const [name, descriptor] of descriptors) {
      if (descriptor) Object.defineProperty(Element.prototype, name, descriptor);
    }
  });
}
