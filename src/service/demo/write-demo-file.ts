import { mkdir, rename, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { dirname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { INSTANCE_FORMAT, INSTANCE_VERSION } from '../instance/instance-file';
import type { DemoOptions } from './demo-options';
import { planDemoInstance } from './plan-demo-instance';

const chunkChars = 256 * 1024;

/**
 * Writes the demo instance as JSON, one record per line, without ever holding the
 * whole document in memory. The file appears only once it is complete, so a
 * reader never sees half of it.
 */
export async function writeDemoFile(
  path: string,
  options: DemoOptions,
): Promise<{ fields: number; bytes: number }> {
  const plan = planDemoInstance(options);
  let bytes = 0;
  async function* chunks(): AsyncGenerator<string> {
    for (const chunk of documentChunks()) {
      bytes += Buffer.byteLength(chunk);
      yield chunk;
    }
  }
  function* documentChunks(): Generator<string> {
    yield `{"format":${JSON.stringify(INSTANCE_FORMAT)},"version":${INSTANCE_VERSION},\n`;
    yield* arrayChunks('owners', plan.owners, ',\n');
    yield* arrayChunks('dataSources', plan.dataSources, ',\n');
    yield* arrayChunks('cards', plan.cards, ',\n');
    yield* arrayChunks('fields', plan.fields(), '}\n');
  }

  await mkdir(dirname(path), { recursive: true });
  const partial = `${path}.partial`;
  try {
    await pipeline(Readable.from(chunks()), createWriteStream(partial));
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { fields: plan.fieldCount, bytes };
}

/** `"key":[` then one record per line, batched into chunks of roughly `chunkChars`. */
function* arrayChunks(key: string, records: Iterable<unknown>, after: string): Generator<string> {
  let chunk = `${JSON.stringify(key)}:[`;
  let first = true;
  for (const record of records) {
    chunk += `${first ? '\n' : ',\n'}${JSON.stringify(record)}`;
    first = false;
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}${first ? '' : '\n'}]${after}`;
}
