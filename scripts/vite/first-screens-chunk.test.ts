import { describe, expect, it } from 'vitest';
import { firstScreenModules } from './first-screens-chunk';

const root = '/app';
const at = (path: string) => `${root}/${path}`;

/**
 * A module graph as the bundler describes it: each module with what it imports
 * statically and with import(), and for some their code (the rest are followed whole).
 * A module's first imported ids match its code's requests, in order.
 */
function graph(
  imports: Record<string, string[]>,
  loads: Record<string, string[]> = {},
  code: Record<string, string> = {},
) {
  const known = new Set([...Object.keys(imports), ...Object.values(imports).flat().map(at)]);
  return (id: string) =>
    known.has(id)
      ? ({
          code: code[id] ?? null,
          importedIds: (imports[id] ?? []).map(at),
          dynamicallyImportedIds: (loads[id] ?? []).map(at),
        } as never)
      : null;
}

const ui = 'node_modules/ui/index.mjs';
/** A library whose index names every component: each page reaches all of them through it. */
const uiIndex = [
  "import { Alert } from './Alert.mjs';",
  "import { Badge } from './Badge.mjs';",
  "import { Card } from './Card.mjs';",
  'export { Alert, Badge, Card };',
].join('\n');
const uiComponents = ['Alert', 'Badge', 'Card'].map((name) => `node_modules/ui/${name}.mjs`);
const usesOfUi = (names: string) => `import { ${names} } from 'ui';\nexport default 1;`;

describe('the first screens’ chunks', () => {
  const modules = firstScreenModules(
    root,
    graph(
      {
        [at('src/main.tsx')]: ['src/app/App.tsx'],
        [at('src/app/App.tsx')]: ['src/api/session.ts', ui, 'src/app/router.tsx'],
        [at(ui)]: uiComponents,
        [at('src/features/fields/FieldsPage.tsx')]: [
          ui,
          'src/links/table-address.ts',
          'src/components/DateTime.tsx',
          'src/api/session.ts',
          'node_modules/table/index.js',
          'src/api/search-fields.ts',
          'src/components/Pager.tsx',
        ],
        [at('src/features/audit/AuditPage.tsx')]: [
          ui,
          'src/components/DateTime.tsx',
          'src/features/audit/HeadlineNumbers.tsx',
        ],
        [at('src/features/audit/HeadlineNumbers.tsx')]: ['src/links/table-address.ts'],
        [at('src/features/audit/prefetch-audit-page.ts')]: [
          'src/api/audit/findings.ts',
          'src/api/session.ts',
        ],
        [at('src/api/audit/findings.ts')]: ['src/api/search-fields.ts'],
        [at('src/features/activity/ActivityPage.tsx')]: ['src/components/Pager.tsx'],
      },
      {
        [at('src/app/router.tsx')]: [
          'src/features/fields/FieldsPage.tsx',
          'src/features/audit/AuditPage.tsx',
          'src/features/audit/prefetch-audit-page.ts',
          'src/features/activity/ActivityPage.tsx',
        ],
      },
      {
        [at(ui)]: uiIndex,
        [at('src/app/App.tsx')]:
          "import '../api/session';\nimport { Card } from 'ui';\nimport './router';",
        [at('src/features/fields/FieldsPage.tsx')]: usesOfUi('Alert, Badge'),
        [at('src/features/audit/AuditPage.tsx')]: usesOfUi('Alert'),
      },
    ),
  );
  it('puts the entry in one chunk, with the library’s components it uses and no other', () => {
    expect([...modules.entry].sort()).toEqual([
      at('node_modules/ui/Card.mjs'),
      at('src/api/session.ts'),
      at('src/app/App.tsx'),
      at('src/app/router.tsx'),
      at('src/main.tsx'),
    ]);
  });

  it('puts together what both pages use beyond the entry, a library’s components included', () => {
    expect([...modules.shared].sort()).toEqual([
      at('node_modules/ui/Alert.mjs'),
      at('src/api/search-fields.ts'),
      at('src/components/DateTime.tsx'),
      at('src/links/table-address.ts'),
    ]);
  });

  it('puts the rest of the fields page in its chunk, and apart what a page loaded without it uses too', () => {
    expect([...modules.fieldsPage].sort()).toEqual([
      at('node_modules/table/index.js'),
      at('node_modules/ui/Badge.mjs'),
      at('src/features/fields/FieldsPage.tsx'),
    ]);
    expect([...modules.fieldsPageShared]).toEqual([at('src/components/Pager.tsx')]);
  });

  it('puts together what the audit page’s first request needs that the fields page does not', () => {
    expect([...modules.auditRequests].sort()).toEqual([
      at('src/api/audit/findings.ts'),
      at('src/features/audit/prefetch-audit-page.ts'),
    ]);
  });

  it('puts the rest of the audit page’s first screen in its chunk, apart from its first request’s', () => {
    expect([...modules.auditPage].sort()).toEqual([
      at('src/features/audit/AuditPage.tsx'),
      at('src/features/audit/HeadlineNumbers.tsx'),
    ]);
  });
});
