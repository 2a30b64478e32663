import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompressAssets } from './precompress-assets';

const root = mkdtempSync(join(tmpdir(), 'cfm-precompress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function build(files: Record<string, string | Buffer>) {
  mkdirSync(join(root, 'dist', 'assets'), { recursive: true });
  for (const [name, content] of Object.entries(files))
    writeFileSync(join(root, 'dist', name), content);
  const plugin = precompressAssets();
  (plugin.configResolved as (config: unknown) => void)({ root, build: { outDir: 'dist' } });
  const bundle = Object.fromEntries(Object.keys(files).map((name) => [name, {}]));
  await (plugin.writeBundle as (options: unknown, bundle: unknown) => Promise<void>)({}, bundle);
}

const read = (name: string) => readFileSync(join(root, 'dist', name));

describe('precompressed build files', () => {
  it('writes brotli and gzip variants of text files that decompress to the file', async () => {
    const script = `export const rows = ${JSON.stringify(Array(500).fill('a row'))};`;
    const style = `.row { color: red; }\n`.repeat(200);
    await build({ 'assets/app-1.js': script, 'assets/app-1.css': style });
    for (const [name, content] of [
      ['assets/app-1.js', script],
      ['assets/app-1.css', style],
    ] as const) {
      expect(String(brotliDecompressSync(read(`${name}.br`)))).toBe(content);
      expect(String(gunzipSync(read(`${name}.gz`)))).toBe(content);
    }
  });

  it('leaves small files, images and fonts as they are', async () => {
    await build({
      'assets/tiny.js': 'export {};',
      'assets/logo.png': Buffer.alloc(4096, 7),
      'assets/font.woff2': Buffer.alloc(4096, 7),
    });
    for (const name of ['assets/tiny.js', 'assets/logo.png', 'assets/font.woff2']) {
      expect(existsSync(join(root, 'dist', `${name}.br`))).toBe(false);
      expect(existsSync(join(root, 'dist', `${name}.gz`))).toBe(false);
    }
  });
});
