import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Role } from '../../contract/journal';
import { roles } from '../../contract/journal';
import { generateToken } from '../auth/token-hash';
import { openStore } from '../store/open-store';
import { CliError } from './cli-error';
import { defaultDataFile } from './paths';

export const tokenUsage = `npm run token -- create --name NAME [--role editor|reader] [--data FILE]
npm run token -- list [--data FILE]

  create   makes a developer token, stores only its hash and prints the token once;
           an editor (the default) may lock and change fields, a reader may search,
           audit and export only
  list     shows the names, roles and creation times of the store's tokens (never the tokens)`;

export function tokenCommand(argv: string[]): void {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { data: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  const [action, ...rest] = positionals;
  if (rest.length > 0 || (action !== 'create' && action !== 'list')) {
    throw new CliError(
      `say what to do: create or list (got ${JSON.stringify(positionals.join(' '))})`,
    );
  }
  const stores = openStore(resolve(values.data ?? defaultDataFile));
  try {
    if (action === 'list') {
      for (const token of stores.tokens.list()) {
        console.log(
          `${token.id}\t${token.name}\t${token.role}\t${new Date(token.created).toISOString()}`,
        );
      }
      return;
    }
    const name = values.name?.trim();
    if (!name) throw new CliError('--name says what the token is for, e.g. --name ci');
    const role = values.role ?? 'editor';
    if (!isRole(role))
      throw new CliError(`--role is editor or reader (got ${JSON.stringify(role)})`);
    const token = generateToken();
    stores.tokens.addToken(name, token, Date.now(), role);
    console.log(token);
    console.error(
      `Created the ${role} token "${name}". It is shown only this once; keep it secret.`,
    );
  } finally {
    stores.close();
  }
}

function isRole(value: string): value is Role {
  return (roles as readonly string[]).includes(value);
}
