import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { SearchRequest } from '../../src/contract/search';
import { compressedVariants } from '../../scripts/vite/precompress-assets';

/** The pages a cold load of /fields is set against, each at `/bench-peers/<name>.html`. */
export const firstRowsPeers = {
  react: 'bench/peers/react-first-rows.tsx',
  mantine: 'bench/peers/mantine-first-rows.tsx',
} as const;
export type FirstRowsPeer = keyof typeof firstRowsPeers;

const folder = 'bench-peers';
export const peerPath = (peer: FirstRowsPeer) => `/${folder}/${peer}.html`;

const page = (peer: FirstRowsPeer, styled: boolean) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>${peer} first rows</title>
    ${styled ? `<link rel="stylesheet" href="/${folder}/${peer}.css" />` : ''}
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/${folder}/${peer}.js"></script>
  </body>
</html>
`;

/**
 * Builds each peer for production (minified, React's production build) and writes it
 * into the web root with brotli and gzip variants, as the app's build writes its own:
 * the service then serves the peers as it serves the app, on the same origin, and the
 * browser loads them without any request being intercepted. The service lists its
 * files when it starts, so this runs before it does. Answers the folder to remove.
 */
export async function writeFirstRowsPeers(webRoot: string, firstSearch: SearchRequest) {
  const outdir = join(webRoot, folder);
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build({
    entryPoints: firstRowsPeers,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    define: {
      'process.env.NODE_ENV': '"production"',
      FIRST_SEARCH: JSON.stringify(firstSearch),
    },
    outdir,
    write: false,
    logLevel: 'warning',
  });
  for (const file of result.outputFiles) {
    writeFileSync(file.path, file.contents);
    const { br, gz } = await compressedVariants(Buffer.from(file.contents));
    writeFileSync(`${file.path}.br`, br);
    writeFileSync(`${file.path}.gz`, gz);
  }
  for (const peer of Object.keys(firstRowsPeers) as FirstRowsPeer[])
    writeFileSync(
      join(outdir, `${peer}.html`),
      page(peer, existsSync(join(outdir, `${peer}.css`))),
    );
  return outdir;
}
