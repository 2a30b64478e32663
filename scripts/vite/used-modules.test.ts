import { describe, expect, it } from 'vitest';
import type { ModuleFacts } from './used-modules';
import { usedModulesIn } from './used-modules';

/**
 * Modules as the bundler describes them: each one's code and the ids of its imports,
 * in the order of its distinct requests.
 */
function graph(modules: Record<string, Partial<ModuleFacts>>) {
  return usedModulesIn((id) =>
    id in modules
      ? { code: null, importedIds: [], dynamicallyImportedIds: [], ...modules[id] }
      : null,
  );
}

/** A library's index that names each component, as Mantine's does. */
const library = {
  'ui/index.mjs': {
    code: [
      "import { Alert } from './Alert.mjs';",
      "import { Badge } from './Badge.mjs';",
      "export { Table } from './Table.mjs';",
      "export * from './hooks.mjs';",
      'export { Alert, Badge };',
    ].join('\n'),
    importedIds: ['ui/Alert.mjs', 'ui/Badge.mjs', 'ui/Table.mjs', 'ui/hooks.mjs'],
  },
  'ui/Alert.mjs': {
    code: "import { Box } from './Box.mjs';\nexport const Alert = () => Box;",
    importedIds: ['ui/Box.mjs'],
  },
  'ui/Badge.mjs': { code: 'export const Badge = 1;' },
  'ui/Table.mjs': { code: 'export const Table = 1;' },
  'ui/Box.mjs': { code: 'export const Box = 1;' },
  'ui/hooks.mjs': {
    code: "export { useId } from './use-id.mjs';\nexport { useClipboard } from './use-clipboard.mjs';",
    importedIds: ['ui/use-id.mjs', 'ui/use-clipboard.mjs'],
  },
  'ui/use-id.mjs': { code: 'export const useId = 1;' },
  'ui/use-clipboard.mjs': { code: 'export const useClipboard = 1;' },
};

describe('the modules a page uses', () => {
  it('follows a library’s index for the names imported from it alone', () => {
    const usedBy = graph({
      ...library,
      'page.tsx': {
        code: "import { Alert, useId } from 'ui';\nexport const Page = [Alert, useId];",
        importedIds: ['ui/index.mjs'],
      },
    });
    expect([...usedBy(['page.tsx'])].sort()).toEqual([
      'page.tsx',
      'ui/Alert.mjs',
      'ui/Box.mjs',
      'ui/use-id.mjs',
    ]);
  });

  it('takes every module an index names when the page imports all of it or runs it for its effects', () => {
    const everything = [
      'ui/Alert.mjs',
      'ui/Badge.mjs',
      'ui/Box.mjs',
      'ui/Table.mjs',
      'ui/hooks.mjs',
      'ui/index.mjs',
      'ui/use-clipboard.mjs',
      'ui/use-id.mjs',
    ];
    const namespace = graph({
      ...library,
      'page.tsx': {
        code: "import * as ui from 'ui';\nexport const Page = ui;",
        importedIds: ['ui/index.mjs'],
      },
    });
    expect([...namespace(['page.tsx'])].sort()).toEqual([...everything, 'page.tsx'].sort());
    const effects = graph({
      ...library,
      'page.tsx': { code: "import 'ui';", importedIds: ['ui/index.mjs'] },
    });
    expect([...effects(['page.tsx'])].sort()).toEqual([...everything, 'page.tsx'].sort());
  });

  it('follows every import of a module it cannot read, and no dynamic import', () => {
    const usedBy = graph({
      ...library,
      // A CommonJS module, or one whose requests do not match its imported ids.
      'page.tsx': {
        code: "const ui = require('ui');",
        importedIds: ['ui/index.mjs'],
        dynamicallyImportedIds: ['menu.tsx'],
      },
      'menu.tsx': { code: 'export const Menu = 1;' },
    });
    expect(usedBy(['page.tsx'])).toContain('ui/Badge.mjs');
    expect(usedBy(['page.tsx'])).not.toContain('menu.tsx');
  });

  it('matches requests to the ids the build adds after them', () => {
    const usedBy = graph({
      ...library,
      'page.tsx': {
        code: "import { Badge } from 'ui';\nexport const Page = () => import('./menu');",
        importedIds: ['ui/index.mjs', '\0vite/preload-helper.js'],
      },
    });
    expect([...usedBy(['page.tsx'])].sort()).toEqual([
      '\0vite/preload-helper.js',
      'page.tsx',
      'ui/Badge.mjs',
    ]);
  });
});
