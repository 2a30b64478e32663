import { fileURLToPath } from 'node:url';

/** The project folder, wherever the command was started from. */
export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const defaultDataFile = 'data/fields.sqlite';
export const webRoot = fileURLToPath(new URL('../../../dist/', import.meta.url));
