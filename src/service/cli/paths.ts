import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder, wherever the command was started from: the nearest folder
 * above this module with a package.json. Searched for rather than fixed, because
 * the same code runs from `src/` under tsx and bundled from `dist-server/`.
 */
function findProjectRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'package.json'))) return folder;
    if (dirname(folder) === folder) throw new Error(`no package.json above ${start}`);
  }
}

export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
export const defaultDataFile = 'data/fields.sqlite';
export const webRoot = join(projectRoot, 'dist');
