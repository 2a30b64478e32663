import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  compressedSize,
  entryChunks,
  entrySizeBudget,
  firstScreenBudget,
  firstScreenChunks,
} from './entry-size-budget';

const chunk = (
  code: string,
  imports: string[] = [],
  isEntry = false,
  moduleIds: string[] = [],
) => ({
  type: 'chunk' as const,
  isEntry,
  code,
  imports,
  moduleIds,
});

/** Text that does not compress, so its compressed size is about its length. */
const incompressible = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes);

function runBudget(
  bundle: Record<string, unknown>,
  budget: number,
  plugin = entrySizeBudget(budget),
) {
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const hook = plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void;
  return () => hook.call(context, {}, bundle);
}

describe('the entry size budget', () => {
  it('counts the entry and what it imports statically, not what it loads later', () => {
    const bundle = {
      'index.js': chunk('entry', ['shared.js'], true),
      'shared.js': chunk('shared', ['deep.js']),
      'deep.js': chunk('deep'),
      'lazy-page.js': chunk('page', ['shared.js']),
      'style.css': { type: 'asset' as const },
    };
    expect(entryChunks(bundle).sort()).toEqual(['deep.js', 'index.js', 'shared.js']);
  });

  it('fails the build when the entry and its imports pass the budget, naming each chunk', () => {
    const bundle = {
      'index.js': chunk(incompressible(6000), ['shared.js'], true),
      'shared.js': chunk(incompressible(6000)),
      'lazy-page.js': chunk(incompressible(50_000)),
    };
    expect(runBudget(bundle, 6_000)).toThrow(/over its budget of 6000.*index\.js.*shared\.js/);
    expect(runBudget(bundle, 14_000)).not.toThrow();
  });

  it('measures compressed bytes, so repetitive code costs little', () => {
    const repetitive = 'const a = 1;\n'.repeat(10_000);
    expect(compressedSize(repetitive)).toBeLessThan(repetitive.length / 20);
    const bundle = { 'index.js': chunk(repetitive, [], true) };
    expect(runBudget(bundle, 10_000)).not.toThrow();
  });
});

describe('the first screen budget', () => {
  const route = 'src/features/page/Page.tsx';
  const bundle = () => ({
    'index.js': chunk(incompressible(4000), ['shared.js'], true),
    'shared.js': chunk(incompressible(2000)),
    // The route's module among others, as in a chunk made by a group.
    'page.js': chunk(incompressible(3000), ['shared.js', 'page-parts.js'], false, [
      '/app/src/features/page/table.ts',
      `/app/${route}`,
    ]),
    'page-parts.js': chunk(incompressible(3000)),
    'menu.js': chunk(incompressible(50_000), ['shared.js'], false, [
      '/app/src/features/page/Menu.tsx',
    ]),
    'other-page.js': chunk(incompressible(50_000), [], false, ['/app/src/features/other/Page.tsx']),
  });

  it('counts the entry, the route and what they import statically, not what loads on use', () => {
    expect(firstScreenChunks(bundle(), [route]).sort()).toEqual([
      'index.js',
      'page-parts.js',
      'page.js',
      'shared.js',
    ]);
  });

  it('fails the build when that JavaScript passes its budget, naming each chunk', () => {
    const check = (budget: number) =>
      runBudget(bundle(), budget, firstScreenBudget(budget, [route]));
    expect(check(7_000)).toThrow(
      /first row is \d+ bytes brotli, over its budget of 7000.*page\.js/,
    );
    expect(check(12_000)).not.toThrow();
  });
});
