import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateDemoInstance } from './generate-demo-instance';
import { writeDemoFile } from './write-demo-file';

describe('writeDemoFile', () => {
  let directory = '';
  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'demo-instance-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('writes the same instance that generateDemoInstance returns', async () => {
    const path = join(directory, 'nested', 'demo.json');
    // About 800 KB: the file is written in three chunks, so records cross their edges.
    const result = await writeDemoFile(path, { fields: 1_500, seed: 5 });
    const text = await readFile(path, 'utf8');
    expect(result).toEqual({ fields: 1_500, bytes: (await stat(path)).size });
    expect(JSON.parse(text)).toEqual(generateDemoInstance({ fields: 1_500, seed: 5 }));
    expect(await readdir(join(directory, 'nested'))).toEqual(['demo.json']);
  });

  it('writes identical bytes for identical options', async () => {
    await writeDemoFile(join(directory, 'a.json'), { fields: 800, seed: 9 });
    await writeDemoFile(join(directory, 'b.json'), { fields: 800, seed: 9 });
    const [a, b] = await Promise.all([
      readFile(join(directory, 'a.json')),
      readFile(join(directory, 'b.json')),
    ]);
    expect(a.equals(b)).toBe(true);
  });

  it('writes valid JSON for an instance without fields', async () => {
    const path = join(directory, 'empty.json');
    await writeDemoFile(path, { fields: 0 });
    const parsed = JSON.parse(await readFile(path, 'utf8')) as { fields: unknown[] };
    expect(parsed.fields).toEqual([]);
  });

  // About 11 MB in some forty chunks: what 100,000 fields would show, at a fifth of the CPU.
  it('streams 20,000 fields to a file', async () => {
    const path = join(directory, 'large.json');
    const result = await writeDemoFile(path, { fields: 20_000 });
    expect(result.fields).toBe(20_000);
    expect(result.bytes).toBe((await stat(path)).size);
    const parsed = JSON.parse(await readFile(path, 'utf8')) as { fields: { id: number }[] };
    expect(parsed.fields).toHaveLength(20_000);
    expect(parsed.fields.at(-1)?.id).toBe(20_000);
  });
});
