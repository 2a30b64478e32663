import { resolve } from 'node:path';
import type { ChunkingContext, CodeSplittingGroup } from 'rolldown';
import { firstScreenRoutes } from './entry-size-budget.ts';
import type { ModuleFactsOf } from './used-modules.ts';
import { usedModulesIn } from './used-modules.ts';

/** The modules the router loads for each page a session may open on (src/app/router.tsx). */
export const firstScreens = {
  fields: [...firstScreenRoutes],
  audit: ['src/features/audit/AuditPage.tsx', 'src/features/audit/prefetch-audit-page.ts'],
};

/** What sends the audit page's first requests, apart from what draws it. */
const auditRequests = 'src/features/audit/prefetch-audit-page.ts';

export interface FirstScreenModules {
  /** The modules the entry uses, a library's components included. */
  entry: Set<string>;
  /** The modules both first screens use, beyond the entry. */
  shared: Set<string>;
  /** Those the fields page alone uses: neither the entry, nor the audit page, nor any page loaded without it. */
  fieldsPage: Set<string>;
  /** The rest of the fields page's, which pages loaded without it use too (the sign-in page's checkbox...). */
  fieldsPageShared: Set<string>;
  /** Those the audit page's first request needs that neither the entry nor the fields page has. */
  auditRequests: Set<string>;
  /** The rest of the audit page's first screen: neither the entry's, the fields page's nor its first request's. */
  auditPage: Set<string>;
}

/** Every module loaded with import() anywhere in the app but the fields page itself. */
function otherPages(root: string, factsOf: ModuleFactsOf): string[] {
  const fieldsPage = new Set(firstScreens.fields.map((path) => resolve(root, path)));
  const seen = new Set<string>();
  const loadedLater = new Set<string>();
  const pending = [resolve(root, 'src/main.tsx')];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const facts = factsOf(id);
    pending.push(...(facts?.importedIds ?? []), ...(facts?.dynamicallyImportedIds ?? []));
    for (const loaded of facts?.dynamicallyImportedIds ?? []) loadedLater.add(loaded);
  }
  return [...loadedLater].filter((id) => !fieldsPage.has(id));
}

/**
 * Libraries included: a page's components are found through the library's index for
 * the names the page imports (used-modules.ts), as the bundler keeps them.
 */
export function firstScreenModules(root: string, factsOf: ModuleFactsOf): FirstScreenModules {
  const usedBy = usedModulesIn(factsOf);
  const used = (paths: string[]) => usedBy(paths.map((path) => resolve(root, path)));
  const entry = used(['src/main.tsx']);
  const fields = used(firstScreens.fields);
  const audit = used(firstScreens.audit);
  const others = usedBy(otherPages(root, factsOf));
  const beyondEntry = (modules: Set<string>) => [...modules].filter((id) => !entry.has(id));
  const fieldsOnly = beyondEntry(fields).filter((id) => !audit.has(id));
  const requests = new Set(beyondEntry(used([auditRequests])).filter((id) => !fields.has(id)));
  return {
    entry,
    shared: new Set(beyondEntry(fields).filter((id) => audit.has(id))),
    fieldsPage: new Set(fieldsOnly.filter((id) => !others.has(id))),
    fieldsPageShared: new Set(fieldsOnly.filter((id) => others.has(id))),
    auditRequests: requests,
    auditPage: new Set(beyondEntry(audit).filter((id) => !fields.has(id) && !requests.has(id))),
  };
}

/**
 * The chunks the fields page loads after the entry (firstScreenChunks): its first
 * screen's code, all of it run as the page first draws (compile-hints.ts).
 */
const fieldsPageChunks = {
  shared: 'first-screens',
  fieldsPage: 'FieldsPage',
  fieldsPageShared: 'fields-page-shared',
} as const;
export const fieldsPageChunkNames: readonly string[] = Object.values(fieldsPageChunks);

/**
 * Six chunks: the entry, whole (the bundler split out of it every module a page loaded
 * later imports too, so the browser fetched it as seven files, some of them in a
 * second round of its six connections); what the fields page and the audit page both draw with beyond the entry
 * (the table's address, the dates, the error state, React Query's observers, Mantine's
 * alert...); the rest of the fields page, its libraries included, in two (what it alone
 * uses, and what pages loaded without it use too, so that those load that part only);
 * what the audit page sends its first request with, which needs nothing but the entry,
 * so that it runs as soon as it arrives rather than once the page's other chunks have
 * run; and the rest of the audit page's first screen. Left to itself the bundler
 * split these by which other pages use each, into about twenty files of a kilobyte or
 * two that a page fetched in rounds of the browser's six connections
 * (bench/results/first-screen.md).
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
  return [
    group('entry', 'index'),
    group('shared', fieldsPageChunks.shared),
    group('fieldsPage', fieldsPageChunks.fieldsPage),
    group('fieldsPageShared', fieldsPageChunks.fieldsPageShared),
    group('auditRequests', 'audit-requests'),
    group('auditPage', 'AuditPage'),
  ];
}
