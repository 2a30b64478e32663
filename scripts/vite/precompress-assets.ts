import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(?:js|mjs|css|html|svg|json|txt|map)$/;

/** Smaller files gain too little to pay for a second request path. */
const smallestWorthCompressing = 1024;

/** Brotli at its highest quality and gzip at level 9: paid once per build, not per request. */
export async function compressedVariants(content: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  return { br, gz };
}

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, so the
 * server sends them as they are (see docs/web-app.md, "Loading"). A
 * variant no smaller than the original is not written; the server then sends
 * the original.
 */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => compressible.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const content = await readFile(path);
          if (content.length < smallestWorthCompressing) return;
          const { br, gz } = await compressedVariants(content);
          if (br.length < content.length) await writeFile(`${path}.br`, br);
          if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}
