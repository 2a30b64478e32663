// Vite's copy of its bundler's parser, the one the build reads modules with.
import { parseSync } from 'vite';

/** What the bundler says of a module (rolldown's ModuleInfo, the parts read here). */
export interface ModuleFacts {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
export type ModuleFactsOf = (id: string) => ModuleFacts | null;

/** The names asked of a module, or all of it (`*`: a namespace, a side effect, an unknown shape). */
type Names = ReadonlySet<string> | '*';

interface Edge {
  /** The imported module's id. */
  id: string;
  names: Names;
}

interface ModuleShape {
  /** What the module needs when its own code runs. */
  imports: Edge[];
  /** Each name it passes on from another module (`export { X } from './x'`). */
  reexports: Map<string, Edge>;
  /** Modules it passes on wholesale (`export * from './x'`). */
  reexportsAll: string[];
  /** The names it exports from its own code: asking for one runs it. */
  own: ReadonlySet<string>;
}

/**
 * The modules that `roots` use, following a module that only passes names on (a
 * library's index, such as Mantine's, which names every component) for the names
 * asked of it alone: what the bundler keeps once unused code is dropped, which the
 * module graph alone does not tell (every page that imports one component of a
 * library reaches all of them through its index). Dynamic imports are not followed.
 *
 * Where a module's imports cannot be matched to the bundler's ids, all of them are
 * followed: the answer may hold more than is used, never less.
 */
export function usedModulesIn(factsOf: ModuleFactsOf): (roots: readonly string[]) => Set<string> {
  // Each module read once, however many sets of roots are asked about.
  const shapes = new Map<string, ModuleShape | null>();
  const shapeOf = (id: string) => {
    if (!shapes.has(id)) shapes.set(id, readShape(id, factsOf(id)));
    return shapes.get(id)!;
  };
  return (roots) => usedModules(roots, factsOf, shapeOf);
}

function usedModules(
  roots: readonly string[],
  factsOf: ModuleFactsOf,
  shapeOf: (id: string) => ModuleShape | null,
): Set<string> {
  const used = new Set<string>();
  const askedWhole = new Set<string>();
  const asked = new Map<string, Set<string>>();
  const pending: Edge[] = roots.map((id) => ({ id, names: '*' }));
  const runs = (id: string) => {
    if (used.has(id)) return;
    used.add(id);
    const shape = shapeOf(id);
    if (!shape) pending.push(...(factsOf(id)?.importedIds ?? []).map(all));
    else pending.push(...shape.imports);
  };
  for (let edge = pending.pop(); edge; edge = pending.pop()) {
    const shape = shapeOf(edge.id);
    if (edge.names === '*' || !shape) {
      if (askedWhole.has(edge.id)) continue;
      askedWhole.add(edge.id);
      runs(edge.id);
      if (shape) pending.push(...[...shape.reexports.values(), ...shape.reexportsAll.map(all)]);
      continue;
    }
    const seen = asked.get(edge.id) ?? new Set<string>();
    asked.set(edge.id, seen);
    for (const name of edge.names) {
      if (seen.has(name)) continue;
      seen.add(name);
      const passedOn = shape.reexports.get(name);
      if (passedOn) pending.push(passedOn);
      else if (shape.own.has(name)) runs(edge.id);
      else pending.push(...shape.reexportsAll.map((id) => ({ id, names: new Set([name]) })));
    }
  }
  return used;
}

const all = (id: string): Edge => ({ id, names: '*' });

/**
 * A module's imports and exports, each request matched to the bundler's id by order:
 * rolldown lists a module's imported ids in the order of its distinct requests, then
 * those the build adds. Null when it lists fewer ids than requests, or the module is
 * not an ECMAScript module.
 */
function readShape(id: string, facts: ModuleFacts | null): ModuleShape | null {
  if (!facts?.code) return null;
  let module;
  try {
    module = parseSync(id, facts.code, { lang: 'js' }).module;
  } catch {
    return null;
  }
  if (!module.hasModuleSyntax) return null;
  const inOrder = [
    ...module.staticImports.map(({ start, moduleRequest }) => ({ start, request: moduleRequest })),
    ...module.staticExports.flatMap(({ start, entries }) =>
      entries.flatMap(({ moduleRequest }) =>
        moduleRequest ? [{ start, request: moduleRequest }] : [],
      ),
    ),
  ].sort((a, b) => a.start - b.start);
  const requests = [...new Set(inOrder.map(({ request }) => request.value))];
  // Ids past the requests are imports the build adds (Vite's preload helper).
  if (requests.length > facts.importedIds.length) return null;
  const idOf = (request: string) => facts.importedIds[requests.indexOf(request)]!;

  const imports: Edge[] = [
    ...facts.importedIds.slice(requests.length).map(all),
    ...module.staticImports.map(({ moduleRequest, entries }) => {
      const names = entries.map(({ importName }) => importName);
      // A side effect (`import './x'`) or a namespace runs all of the module.
      const whole = names.length === 0 || names.some(({ kind }) => kind === 'NamespaceObject');
      return {
        id: idOf(moduleRequest.value),
        names: whole
          ? ('*' as const)
          : new Set(names.map(({ kind, name }) => (kind === 'Default' ? 'default' : name!))),
      };
    }),
  ];
  const reexports = new Map<string, Edge>();
  const reexportsAll: string[] = [];
  const own = new Set<string>();
  for (const { entries } of module.staticExports)
    for (const { moduleRequest, importName, exportName } of entries) {
      const exported = exportName.kind === 'Default' ? 'default' : exportName.name;
      if (!moduleRequest) {
        if (exported) own.add(exported);
      } else if (!exported) reexportsAll.push(idOf(moduleRequest.value));
      else
        reexports.set(exported, {
          id: idOf(moduleRequest.value),
          names: importName.kind === 'Name' ? new Set([importName.name!]) : '*',
        });
    }
  return {
    imports,
    reexports,
    reexportsAll,
    // A binding imported then exported (`import { X } from './x'; export { X }`) is
    // passed on, as the parser reads it, not owned.
    own,
  };
}
