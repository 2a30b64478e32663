import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeDemoFile } from '../demo/write-demo-file';
import { CliError, parseInteger } from './cli-error';

export const demoUsage = `npm run demo -- --out INSTANCE.json [--fields N] [--seed S]

  Writes a demo instance file: realistic data sources, cards, owners and calculated fields.
  --fields N   how many calculated fields (default 2000)
  --seed S     another seed gives another instance; the same seed the same file`;

export async function demoCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: 'string' }, fields: { type: 'string' }, seed: { type: 'string' } },
    strict: true,
    allowPositionals: false,
  });
  if (!values.out) throw new CliError('--out names the instance file to write');
  const fields = parseInteger('fields', values.fields, 0, 1_000_000) ?? 2000;
  const seed = parseInteger('seed', values.seed, 0, 2 ** 32 - 1);
  const out = resolve(values.out);
  const written = await writeDemoFile(out, seed === undefined ? { fields } : { fields, seed });
  console.log(`Wrote ${written.fields} calculated fields to ${out} (${written.bytes} bytes)`);
}
