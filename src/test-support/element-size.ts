import { afterAll, beforeAll } from 'vitest';

/**
 * happy-dom lays nothing out, so every element measures 0 × 0 and a virtualized list
 * shows no rows. For one test file, every element measures `width` × `height`, and a
 * ResizeObserver reports each element it is given once, after the task that gave it
 * (as a browser does after its layout): a scroller that tall shows about height /
 * row-height rows, plus the overscan. (happy-dom's own getters are on
 * `HTMLElement.prototype`, so these go there too; its ResizeObserver reports nothing.)
 */
export function giveElementsASize(width = 1200, height = 800) {
  const descriptors = ['clientWidth', 'clientHeight'].map(
    (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
  );
  const unsizedObserver = globalThis.ResizeObserver;
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
      configurable: true,
      get: () => width,
    });
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
      configurable: true,
      get: () => height,
    });
    globalThis.ResizeObserver = class {
      private readonly pending = new Set<ReturnType<typeof setTimeout>>();
      constructor(private readonly report: ResizeObserverCallback) {}
      observe(target: Element) {
        const timer = setTimeout(() => {
          this.pending.delete(timer);
          const entry = { target, contentRect: new DOMRect(0, 0, width, height) };
          this.report([entry as ResizeObserverEntry], this);
        });
        this.pending.add(timer);
      }
      unobserve() {}
      disconnect() {
        for (const timer of this.pending) clearTimeout(timer);
        this.pending.clear();
      }
    };
  });
  afterAll(() => {
    for (const [name, descriptor] of descriptors) {
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    }
    globalThis.ResizeObserver = unsizedObserver;
  });
}
