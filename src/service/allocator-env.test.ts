import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { ALLOCATOR_ENV } from './allocator-env';

it('is what npm start gives the service (glibc reads it as the process starts)', () => {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
    scripts: Record<string, string>;
  };
  for (const [name, value] of Object.entries(ALLOCATOR_ENV)) {
    expect(scripts.start).toContain(`${name}=${value} exec node `);
  }
});
