import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importInstance } from '../instance/import-instance';
import { openStore } from '../store/open-store';
import { CliError } from './cli-error';
import { defaultDataFile } from './paths';

export const importUsage = `npm run import -- [--data FILE] INSTANCE.json

  Imports an instance file (data sources, cards, owners, calculated fields) into the store,
  all or nothing: when any record is refused, every refusal is listed and nothing changes.
  --data FILE   the SQLite store (default ${defaultDataFile}); created when missing`;

const shownRefusals = 50;

function readInstanceFile(path: string): unknown {
  if (!existsSync(path)) throw new CliError(`${path} does not exist`);
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path} is not valid JSON: ${(error as Error).message}`, 1);
  }
}

export function importCommand(argv: string[]): void {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { data: { type: 'string' } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    throw new CliError(`name exactly one instance file to import (got ${positionals.length})`);
  }
  const instancePath = resolve(positionals[0]!);
  const raw = readInstanceFile(instancePath);
  const stores = openStore(resolve(values.data ?? defaultDataFile));
  try {
    const report = importInstance(stores.fields, raw);
    if (report.refusals.length > 0) {
      const lines = report.refusals
        .slice(0, shownRefusals)
        .map((refusal) => `  ${refusal.record}: ${refusal.problem}`);
      const more = report.refusals.length - shownRefusals;
      if (more > 0) lines.push(`  ...and ${more} more`);
      throw new CliError(
        `${report.refusals.length} record(s) refused; nothing was imported:\n${lines.join('\n')}`,
        1,
      );
    }
    const { owners, dataSources, cards, fields } = report.imported;
    console.log(
      `Imported ${fields} calculated fields, ${dataSources} data sources, ${cards} cards and ${owners} owners`,
    );
    if (report.cycles.length > 0) {
      const lines = report.cycles
        .slice(0, shownRefusals)
        .map((cycle) => `  field ${cycle.fieldId} (${cycle.name}): ${cycle.message}`);
      const more = report.cycles.length - shownRefusals;
      if (more > 0) lines.push(`  ...and ${more} more`);
      console.log(
        `${report.cycles.length} field(s) are INVALID because they reference each other in a cycle:\n${lines.join('\n')}`,
      );
    }
  } finally {
    stores.close();
  }
}
