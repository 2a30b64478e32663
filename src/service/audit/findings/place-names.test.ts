import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FindingsAnswer } from '../../../contract/audit';
import { AUDIT_BASE } from '../../../contract/audit';
import { TOKEN_HEADER } from '../../../contract/paths';
import { SALES } from '../../test-support/fixture-instance';
import { startScannedProxyAudit } from '../test-support/scanned-proxy-audit';

// A real instance has no directory extension: it names its data sources and cards
// only through production's names endpoints, which the scan asks when it completes.
const token = 'instance-token-for-place-names';
const closers: Array<() => Promise<void>> = [];
let findings: FindingsAnswer;
beforeAll(async () => {
  const { app, close } = await startScannedProxyAudit(token);
  closers.push(close);
  const response = await app.inject({
    method: 'GET',
    url: `${AUDIT_BASE}/findings`,
    headers: { [TOKEN_HEADER]: token },
  });
  findings = response.json();
});
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

it('names the data sources and cards of broken references by the names the instance gave', () => {
  const labels = findings.findings
    .find((finding) => finding.key === 'broken-references')!
    .groups.map((group) => group.label);
  expect(labels).toEqual(
    expect.arrayContaining([
      '`Profit` missing from data source Sales Orders',
      '`Region` missing from card Open Tickets',
    ]),
  );
});

it('names data sources by the names the instance gave, in the problems by data source', () => {
  expect(findings.dataSources.rows.find((row) => row.id === SALES)).toMatchObject({
    name: 'Sales Orders',
  });
});
