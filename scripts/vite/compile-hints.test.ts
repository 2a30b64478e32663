import type { OutputBundle } from 'rolldown';
import { expect, it } from 'vitest';
import { compileHints, eagerCompileHint } from './compile-hints';

const chunk = (name: string, code: string) => ({ type: 'chunk', name, code });

function build(bundle: Record<string, { type: string; name: string; code?: string }>) {
  const hook = compileHints(['FieldsPage', 'first-screens']).generateBundle as {
    handler: (options: unknown, bundle: OutputBundle) => void;
  };
  hook.handler({}, bundle as unknown as OutputBundle);
  return bundle;
}

it('puts the hint on the first line of the chunks named, and of no other file', () => {
  const bundle = build({
    'FieldsPage-a.js': chunk('FieldsPage', 'const __vite__mapDeps=1;import"./x.js";'),
    'first-screens-b.js': chunk('first-screens', 'import"./y.js";'),
    'index-c.js': chunk('index', 'import"./z.js";'),
    'FieldsPage-d.css': { type: 'asset', name: 'FieldsPage' },
  });

  expect(bundle['FieldsPage-a.js']!.code).toBe(
    `${eagerCompileHint}const __vite__mapDeps=1;import"./x.js";`,
  );
  expect(bundle['first-screens-b.js']!.code).toBe(`${eagerCompileHint}import"./y.js";`);
  expect(bundle['index-c.js']!.code).toBe('import"./z.js";');
  expect(bundle['FieldsPage-d.css']!.code).toBeUndefined();
});
