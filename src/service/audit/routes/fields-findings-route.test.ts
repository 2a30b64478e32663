import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldFindingsAnswer, FieldsFindingsAnswer } from '../../../contract/audit';
import { AUDIT_BASE, FIELDS_FINDINGS_MAX } from '../../../contract/audit';
import { TOKEN_HEADER } from '../../../contract/paths';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../../test-support/test-server';
import { findingsInstance } from '../test-support/findings-instance';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ instance: findingsInstance, withAudit: true });
});
afterAll(() => server.close());

const ask = (body: unknown) =>
  server.app.inject({
    method: 'POST',
    url: `${AUDIT_BASE}/fields/findings`,
    headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

describe('POST /fields/findings', () => {
  it('before the first scan says so in the error shape', async () => {
    const answer = await ask({ ids: [7] });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({
      status: 404,
      message: expect.stringContaining('no scan'),
    });
  });

  it('answers the findings of each field asked for, in the order asked, as each field alone has them', async () => {
    server.audit!.service.startScan(undefined);
    await server.audit!.service.scansSettled();
    const ids = [7, 6, 999, 11, 1];
    const response = await ask({ ids });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<FieldsFindingsAnswer>();
    expect(answer.fields.map((field) => field.fieldId)).toEqual(ids);
    expect(answer.fields[2]).toEqual({ fieldId: 999, seen: false, findings: [] });
    expect(answer.fields[0]!.findings.map((finding) => finding.key)).toEqual([
      'unused',
      'nested',
      'broken-dependencies',
    ]);
    for (const field of answer.fields) {
      const alone = await server.app.inject({
        method: 'GET',
        url: `${AUDIT_BASE}/fields/${field.fieldId}/findings`,
        headers: { [TOKEN_HEADER]: TEST_TOKEN },
      });
      const single = alone.json<FieldFindingsAnswer>();
      expect(single.scanId).toBe(answer.scanId);
      expect(field.seen).toBe(single.seen);
      expect(field.findings, `field ${field.fieldId}`).toEqual(
        single.findings.map(({ key, note }) => (note === undefined ? { key } : { key, note })),
      );
    }
  });

  it('refuses a body that is not a bounded list of field ids, with a short message', async () => {
    const tooMany = Array.from({ length: FIELDS_FINDINGS_MAX + 1 }, (_, index) => index + 1);
    for (const body of [
      {},
      { ids: [] },
      { ids: [0] },
      { ids: [1.5] },
      { ids: 'x'.repeat(10_000) },
      { ids: tooMany },
      { ids: [1], extra: 'y'.repeat(10_000) },
    ]) {
      const refused = await ask(body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(refused.json()).toMatchObject({ status: 400, message: expect.any(String) });
      expect(refused.body.length).toBeLessThan(1000);
    }
  });
});
