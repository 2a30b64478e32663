import { describe, expect, it } from 'vitest';
import { firstScreenModules } from './first-screens-chunk';

const root = '/app';
const at = (path: string) => `${root}/${path}`;

/** A module graph as the bundler describes it: each module with what it imports statically. */
function graph(imports: Record<string, string[]>) {
  return (id: string) =>
    id in imports || Object.values(imports).some((list) => list.includes(id))
      ? ({ importedIds: (imports[id] ?? []).map(at) } as never)
      : null;
}

describe('the first screens’ chunks', () => {
  const modules = firstScreenModules(
    root,
    graph({
      [at('src/main.tsx')]: ['src/app/App.tsx'],
      [at('src/app/App.tsx')]: ['src/api/session.ts', 'node_modules/@mantine/core/index.mjs'],
      [at('src/features/fields/FieldsPage.tsx')]: [
        'src/links/table-address.ts',
        'src/components/DateTime.tsx',
        'src/api/session.ts',
        'node_modules/nuqs/dist/index.js',
        'src/api/search-fields.ts',
      ],
      [at('src/features/audit/AuditPage.tsx')]: [
        'src/components/DateTime.tsx',
        'src/features/audit/HeadlineNumbers.tsx',
        'node_modules/nuqs/dist/index.js',
      ],
      [at('src/features/audit/HeadlineNumbers.tsx')]: ['src/links/table-address.ts'],
      [at('src/features/audit/prefetch-audit-page.ts')]: [
        'src/api/audit/findings.ts',
        'src/api/session.ts',
      ],
      [at('src/api/audit/findings.ts')]: ['src/api/search-fields.ts'],
    }),
  );

  it('puts together what both pages import, but neither the entry’s modules nor libraries', () => {
    expect([...modules.shared].sort()).toEqual([
      at('src/api/search-fields.ts'),
      at('src/components/DateTime.tsx'),
      at('src/links/table-address.ts'),
    ]);
  });

  it('puts together what the audit page’s first requests need that the fields page does not', () => {
    expect([...modules.auditRequests].sort()).toEqual([
      at('src/api/audit/findings.ts'),
      at('src/features/audit/prefetch-audit-page.ts'),
    ]);
  });
});
