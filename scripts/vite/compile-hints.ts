import type { Plugin } from 'vite';

/** V8's hint, on a script's first line, that all its functions run as it loads (Chrome 136 on). */
export const eagerCompileHint = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks named for eager compilation. V8 then compiles their functions on a
 * background thread as each file arrives, rather than each one on the main thread at
 * its first call. The fields page's chunks arrive while the main thread evaluates the
 * entry (src/app/entry-start.ts), and nearly all their code runs as the page first
 * draws: marked, the main thread's work before the first row fell by about 15 ms
 * (bench/results/first-screen.md). The entry is not marked: much of it (the router's,
 * React's) does not run on load, and it is evaluated as soon as it arrives, so its
 * compilation would not overlap with anything. The hint changes nothing the code does,
 * so the file's name, hashed before it is added, still names the same code.
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'compile-hints',
    apply: 'build',
    // After Vite's own additions to the code, which would otherwise come before the hint.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === 'chunk' && chunkNames.includes(chunk.name))
            chunk.code = eagerCompileHint + chunk.code;
      },
    },
  };
}
