import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The most JavaScript, compressed, that the browser must load before the app can draw. */
export const entryBudgetBytes = 150_000;

interface ChunkLike {
  type: 'chunk';
  isEntry: boolean;
  code: string;
  imports: string[];
}
type Bundle = Record<string, ChunkLike | { type: 'asset' }>;

/**
 * The entry chunk and every chunk it imports statically: the browser fetches all of
 * them before the first line runs. Chunks loaded with import() are not counted.
 */
export function entryChunks(bundle: Bundle): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = bundle[name];
    if (seen.has(name) || chunk?.type !== 'chunk') return;
    seen.add(name);
    chunk.imports.forEach(visit);
  };
  for (const [name, chunk] of Object.entries(bundle))
    if (chunk.type === 'chunk' && chunk.isEntry) visit(name);
  return [...seen];
}

/** Gzip at level 9 and brotli as the build writes them; the larger is what a browser may get. */
export function compressedSize(code: string): number {
  const content = Buffer.from(code);
  return Math.max(gzipSync(content, { level: 9 }).length, brotliCompressSync(content).length);
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
