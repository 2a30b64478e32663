import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { SearchRequest } from '../../src/contract/search';
import { compressedVariants } from '../../scripts/vite/precompress-assets';
import { columns } from '../peers/first-search';

const columnTitles = columns.map(([title]) => title);

/** The pages a cold load of /fields is set against, each at `/bench-peers/<name>.html`. */
export const firstRowsPeers = {
  react: 'bench/peers/react-first-rows.tsx',
  mantine: 'bench/peers/mantine-first-rows.tsx',
} as const;
export type FirstRowsPeer = keyof typeof firstRowsPeers;

/** Typing's floor: a plain search box and table, no framework, at `/bench-peers/typing.html`. */
const peers = { ...firstRowsPeers, typing: 'bench/peers/plain-typing.ts' } as const;
export type PeerPage = keyof typeof peers;

const folder = 'bench-peers';
export const peerPath = (peer: PeerPage) => `/${folder}/${peer}.html`;

/** What each page holds before its script runs: a root for React, or the plain typing page's own markup. */
const body = (peer: PeerPage) =>
  peer === 'typing'
    ? `<main>
      <input type="search" aria-label="Search by name" />
      <p></p>
      <table aria-label="Calculated fields">
        <thead><tr>${columnTitles.map((title) => `<th>${title}</th>`).join('')}</tr></thead>
        <tbody></tbody>
      </table>
    </main>`
    : '<div id="root"></div>';

const page = (peer: PeerPage, styled: boolean) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>${peer} floor</title>
    ${styled ? `<link rel="stylesheet" href="/${folder}/${peer}.css" />` : ''}
  </head>
  <body>
    ${body(peer)}
    <script type="module" src="/${folder}/${peer}.js"></script>
  </body>
</html>
`;

/**
 * Builds each peer (the first rows' and typing's floors) for production (minified, React's production build) and writes it
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
    entryPoints: peers,
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
  for (const peer of Object.keys(peers) as PeerPage[])
    writeFileSync(
      join(outdir, `${peer}.html`),
      page(peer, existsSync(join(outdir, `${peer}.css`))),
    );
  return outdir;
}
