import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface EntrySize {
  files: string[];
  brotliKb: number;
  gzipKb: number;
  rawKb: number;
}

/**
 * The scripts the built index.html loads before the app runs: its module script and
 * the chunks it preloads, with the size of each precompressed variant on disk.
 */
export function entrySize(webRoot = 'dist'): EntrySize {
  const html = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(/<script type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => match[1]!.replace(/^\//, ''));
  const size = (file: string) => (existsSync(file) ? statSync(file).size : Number.NaN);
  // Files under 1 kB are not precompressed (scripts/vite/precompress-assets.ts): sent as they are.
  const sent = (file: string, suffix: string) =>
    existsSync(`${file}${suffix}`) ? size(`${file}${suffix}`) : size(file);
  const total = (suffix: string) =>
    files.reduce((sum, file) => sum + sent(join(webRoot, file), suffix), 0);
  const kb = (bytes: number) => Math.round(bytes / 100) / 10;
  return { files, brotliKb: kb(total('.br')), gzipKb: kb(total('.gz')), rawKb: kb(total('')) };
}
