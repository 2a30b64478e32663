import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RemoveScroll } from 'react-remove-scroll';
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';
import { describe, expect, it } from 'vitest';
import { appShellScrollClass } from './app-shell-scroll-class';

const plugin = appShellScrollClass();
const resolveId = plugin.resolveId as (source: string, importer?: string) => string | null;
const load = plugin.load as (id: string) => string | null;
const mantine = join(import.meta.dirname, '../../node_modules/@mantine/core/esm/components');
const appShellParts = ['AppShellHeader', 'AppShellFooter', 'AppShellAside'];

/** The stand-in module's `RemoveScroll`, run with the constants it imports from the library. */
function stubOf(source: string): typeof RemoveScroll {
  const body = source
    .replace(/^import .* from 'react-remove-scroll-bar\/constants';$/m, '')
    .replace('export const RemoveScroll =', 'return');
  return new Function('fullWidthClassName', 'zeroRightClassName', body)(
    fullWidthClassName,
    zeroRightClassName,
  ) as typeof RemoveScroll;
}

describe('the AppShell’s scroll class without react-remove-scroll', () => {
  it('gives the AppShell’s header, footer and aside the class names of the library', () => {
    for (const part of appShellParts) {
      const id = resolveId('react-remove-scroll', join(mantine, 'AppShell', part, `${part}.mjs`));
      expect(id).not.toBeNull();
      expect(stubOf(load(id!)!).classNames).toEqual(RemoveScroll.classNames);
    }
  });

  it('leaves the library to the modal and everything else', () => {
    const modal = join(mantine, 'ModalBase', 'ModalBase.mjs');
    expect(resolveId('react-remove-scroll', modal)).toBeNull();
    expect(resolveId('react-remove-scroll', undefined)).toBeNull();
  });

  it('holds only while Mantine’s AppShell uses nothing of the library but its class names', () => {
    for (const part of appShellParts) {
      const code = readFileSync(join(mantine, 'AppShell', part, `${part}.mjs`), 'utf8');
      const uses = code.match(/RemoveScroll[.\w]*/g) ?? [];
      // The import, then each use.
      expect(uses.slice(1).length).toBeGreaterThan(0);
      for (const use of uses.slice(1)) expect(use).toMatch(/^RemoveScroll\.classNames\./);
    }
  });
});
