import { resolve } from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';
import { firstScreenRoutes } from './entry-size-budget.ts';

/** The modules the router loads for each page a session may open on (src/app/router.tsx). */
export const firstScreens = {
  fields: [...firstScreenRoutes],
  audit: ['src/features/audit/AuditPage.tsx', 'src/features/audit/prefetch-audit-page.ts'],
};

/** What sends the audit page's first requests, apart from what draws it. */
const auditRequests = 'src/features/audit/prefetch-audit-page.ts';

/** Every module `roots` import statically, themselves included. */
function staticallyReached(roots: string[], context: ChunkingContext): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

export interface FirstScreenModules {
  /** The modules of the app both first screens import statically, beyond the entry. */
  shared: Set<string>;
  /** Those the audit page's first requests need that neither the entry nor the fields page has. */
  auditRequests: Set<string>;
}

/**
 * Libraries are left out: a page imports Mantine or React Query through one index
 * module that imports all of it, so which of their modules a page draws with is known
 * only once unused code is dropped, and the bundler's own split keeps them apart.
 */
export function firstScreenModules(
  root: string,
  getModuleInfo: ChunkingContext['getModuleInfo'],
): FirstScreenModules {
  const reached = (paths: string[]) =>
    staticallyReached(
      paths.map((path) => resolve(root, path)),
      { getModuleInfo },
    );
  const entry = reached(['src/main.tsx']);
  const fields = reached(firstScreens.fields);
  const audit = reached(firstScreens.audit);
  const ours = (id: string) => !entry.has(id) && !id.includes('/node_modules/');
  return {
    shared: new Set([...fields].filter((id) => audit.has(id) && ours(id))),
    auditRequests: new Set(
      [...reached([auditRequests])].filter((id) => !fields.has(id) && ours(id)),
    ),
  };
}

/**
 * Two chunks: what the fields page and the audit page both draw with beyond the entry
 * (the table's address, the dates, the error state, the findings' names, ...), and what
 * the audit page sends its first requests with. Left to itself the bundler split these
 * by which other pages import each, into twenty files of about a kilobyte that a page
 * fetched one by one over the browser's six connections (bench/results/first-screen.md,
 * "The audit page").
 */
export function firstScreenChunks(root: string): CodeSplittingGroup[] {
  let last: { context: ChunkingContext; modules: FirstScreenModules } | undefined;
  const modules = (context: ChunkingContext) => {
    if (last?.context !== context)
      last = { context, modules: firstScreenModules(root, (id) => context.getModuleInfo(id)) };
    return last.modules;
  };
  const group = (name: keyof FirstScreenModules, chunk: string): CodeSplittingGroup => ({
    debugName: chunk,
    name: (id, context) => (modules(context)[name].has(id) ? chunk : null),
    // The modules themselves: what they import from the entry stays in the entry.
    includeDependenciesRecursively: false,
  });
  return [group('shared', 'first-screens'), group('auditRequests', 'audit-requests')];
}
