import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { generateToken } from '../auth/token-hash';
import { openStore } from '../store/open-store';
import { CliError } from './cli-error';
import { defaultDataFile } from './paths';

export const tokenUsage = `npm run token -- create --name NAME [--data FILE]
npm run token -- list [--data FILE]

  create   makes a developer token, stores only its hash and prints the token once
  list     shows the names and creation times of the store's tokens (never the tokens)`;

export function tokenCommand(argv: string[]): void {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { data: { type: 'string' }, name: { type: 'string' } },
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
        console.log(`${token.id}\t${token.name}\t${new Date(token.created).toISOString()}`);
      }
      return;
    }
    const name = values.name?.trim();
    if (!name) throw new CliError('--name says what the token is for, e.g. --name ci');
    const token = generateToken();
    stores.tokens.addToken(name, token, Date.now());
    console.log(token);
    console.error(`Created the token "${name}". It is shown only this once; keep it secret.`);
  } finally {
    stores.close();
  }
}
