import { afterAll, beforeAll } from 'vitest';

/**
 * happy-dom lays nothing out, so every element measures 0 × 0 and a virtualized list
 * shows no rows. For one test file, every element measures `width` × `height`: a
 * scroller that tall shows about height / row-height rows, plus the overscan.
 * (happy-dom's own getters are on `HTMLElement.prototype`, so these go there too.)
 */
export function giveElementsASize(width = 1200, height = 800) {
  const descriptors = ['clientWidth', 'clientHeight'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get: () => width,
    });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get: () => height,
    });
  });
  afterAll(() => {
    for (const [name, descriptor] of descriptors) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    }
  });
}
