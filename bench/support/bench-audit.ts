import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { openEmbeddedAudit } from '../../src/service/audit/open-audit';
import { generateDemoInstance } from '../../src/service/demo/generate-demo-instance';
import { importInstance } from '../../src/service/instance/import-instance';
import { openStore } from '../../src/service/store/open-store';

const tmp = 'bench/tmp';

/** The audit parts' store of `fields` demo fields, made once and kept in bench/tmp. */
export const benchAuditStore = (fields: number) => `${tmp}/audit-lock-${fields}.sqlite`;

/** Makes the audit parts' store of `fields` demo fields when it is not there yet. */
export function makeBenchAuditStore(fields: number): void {
  mkdirSync(tmp, { recursive: true });
  if (existsSync(benchAuditStore(fields))) return;
  const stores = openStore(benchAuditStore(fields));
  importInstance(stores.fields, generateDemoInstance({ fields }));
  stores.close();
}

/**
 * The audit parts' store of `fields` demo fields (made once, kept in bench/tmp) with a
 * fresh audit file of its own, `name`: the file's layout may differ between runs of
 * two versions of the code.
 */
export function openBenchAudit(fields: number, name: string) {
  makeBenchAuditStore(fields);
  const auditFile = `${tmp}/${name}-${fields}.audit.sqlite`;
  const stores = openStore(benchAuditStore(fields));
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${auditFile}${suffix}`, { force: true });
  const audit = openEmbeddedAudit({ file: auditFile, storeFile: benchAuditStore(fields), keep: 5 });
  return { stores, audit };
}
