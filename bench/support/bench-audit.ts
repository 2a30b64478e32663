import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { openEmbeddedAudit } from '../../src/service/audit/open-audit';
import { generateDemoInstance } from '../../src/service/demo/generate-demo-instance';
import { importInstance } from '../../src/service/instance/import-instance';
import { openStore } from '../../src/service/store/open-store';

/**
 * The audit parts' store of `fields` demo fields (made once, kept in bench/tmp) with a
 * fresh audit file of its own, `name`: the file's layout may differ between runs of
 * two versions of the code.
 */
export function openBenchAudit(fields: number, name: string) {
  const tmp = 'bench/tmp';
  mkdirSync(tmp, { recursive: true });
  const storeFile = `${tmp}/audit-lock-${fields}.sqlite`;
  const auditFile = `${tmp}/${name}-${fields}.audit.sqlite`;
  const isNew = !existsSync(storeFile);
  const stores = openStore(storeFile);
  if (isNew) importInstance(stores.fields, generateDemoInstance({ fields }));
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${auditFile}${suffix}`, { force: true });
  const audit = openEmbeddedAudit({ file: auditFile, storeFile, keep: 5 });
  return { stores, audit };
}
