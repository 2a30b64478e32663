import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The most JavaScript, compressed, that the browser must load before the app can draw. */
export const entryBudgetBytes = 150_000;

/**
 * The most JavaScript, brotli, that the fields page (the app's start page) loads before
 * its first row: the entry, the page's route chunks and what they import statically.
 * What the first screen does not draw loads later (src/features/fields/deferred-parts.tsx).
 * Under the goal of 200 kB since the first answer is read without zod and the table
 * drawn without Mantine's Table (195.8 kB; bench/results/first-screen.md); the margin
 * is for small changes, not for another library.
 */
export const firstScreenBudgetBytes = 198_000;

/**
 * The modules the router loads for /fields before its first row (src/app/router.tsx).
 * The first search is sent by the entry (src/main.tsx), whose chunks are counted anyway.
 */
export const firstScreenRoutes = ['src/features/fields/FieldsPage.tsx'];

interface ChunkLike {
  type: 'chunk';
  isEntry: boolean;
  code: string;
  imports: string[];
  /** The modules in the chunk: a route's module may sit in a chunk of a group, with no facade. */
  moduleIds: string[];
}
type Bundle = Record<string, ChunkLike | { type: 'asset' }>;

/**
 * The entry chunk and every chunk it imports statically: the browser fetches all of
 * them before the first line runs. Chunks loaded with import() are not counted.
 */
export function entryChunks(bundle: Bundle): string[] {
  return chunksWithStaticImports(bundle, (chunk) => chunk.isEntry);
}

/**
 * The entry's chunks and those of the routes' modules (paths from the project's root),
 * each with every chunk it imports statically: what the browser has fetched by the time
 * the route draws.
 */
export function firstScreenChunks(bundle: Bundle, routes: readonly string[]): string[] {
  const isRoute = (id: string) => routes.some((route) => id.endsWith(`/${route}`));
  return chunksWithStaticImports(bundle, (chunk) => chunk.isEntry || chunk.moduleIds.some(isRoute));
}

function chunksWithStaticImports(bundle: Bundle, isRoot: (chunk: ChunkLike) => boolean) {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== 'chunk') return;
    seen.add(name);
    chunk.imports.forEach(visit);
  };
  for (const [name, chunk] of Object.entries(bundle))
    if (chunk.type === 'chunk' && isRoot(chunk)) visit(name);
  return [...seen];
}

/** Gzip at level 9 and brotli as the build writes them; the larger is what a browser may get. */
export function compressedSize(code: string): number {
  const content = Buffer.from(code);
  return Math.max(gzipSync(content, { level: 9 }).length, brotliCompressSync(content).length);
}

/** Brotli at its highest quality, as the build writes the files the server sends. */
export function brotliSize(code: string): number {
  return brotliCompressSync(Buffer.from(code), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
}

/** Fails the build when the JavaScript before the fields page's first row grows past its budget. */
export function firstScreenBudget(
  budgetBytes = firstScreenBudgetBytes,
  routes: readonly string[] = firstScreenRoutes,
): Plugin {
  return {
    name: 'first-screen-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = bundle as unknown as Bundle;
      const sizes = firstScreenChunks(chunks, routes).map((name) => ({
        name,
        bytes: brotliSize((chunks[name] as ChunkLike).code),
      }));
      const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
      if (total > budgetBytes) {
        const list = sizes.map(({ name, bytes }) => `${name} ${bytes} B`).join(', ');
        this.error(
          `The JavaScript before the fields page's first row is ${total} bytes brotli, over its budget of ${budgetBytes} (${list}). ` +
            'Load what the first screen does not draw when it is first used (src/features/fields/deferred-parts.tsx).',
        );
      }
    },
  };
}

/** Fails the build when the entry JavaScript grows past the budget, naming its chunks. */
export function entrySizeBudget(budgetBytes = entryBudgetBytes): Plugin {
  return {
    name: 'entry-size-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = entryChunks(bundle as unknown as Bundle);
      const sizes = names.map((name) => {
        const chunk = bundle[name] as unknown as ChunkLike;
        return { name, bytes: compressedSize(chunk.code) };
      });
      const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
      if (total > budgetBytes) {
        const list = sizes.map(({ name, bytes }) => `${name} ${bytes} B`).join(', ');
        this.error(
          `The entry JavaScript is ${total} bytes compressed, over its budget of ${budgetBytes} (${list}). ` +
            'Load the part that grew with import() or React.lazy (see docs/web-app.md, "Loading").',
        );
      }
    },
  };
}
