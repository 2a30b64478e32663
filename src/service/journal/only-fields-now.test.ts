import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths } from '../../contract/paths';
import { fixtureInstance } from '../test-support/fixture-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';
import { auditFieldsNow, storeFieldsNow } from './only-fields-now';

// Behind a proxy, the journal's list says how a field is now from the audit's copy,
// the instance as last seen: it must say what the instance's own store says.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ instance: fixtureInstance, withAudit: true });
  server.audit!.service.startScan(undefined);
  await server.audit!.service.scansSettled();
});
afterAll(() => server.close());

it("the audit's copy knows each field's version as the store does, a change included, and no field it has not seen", async () => {
  const fromStore = storeFieldsNow(server.stores.fields);
  const fromCopy = auditFieldsNow(server.audit!.service);
  const ids = [1, 12, 9999];
  expect(fromCopy(ids)).toEqual(fromStore(ids));
  expect([...fromCopy(ids).keys()]).toEqual([1, 12]);

  const before = fromCopy([12]).get(12);
  const renamed = await server.request('PUT', apiPaths.template(12), { name: 'Renamed outside' });
  expect(renamed.status).toBe(200);
  expect(fromCopy([12]).get(12)).not.toEqual(before);
  expect(fromCopy(ids)).toEqual(fromStore(ids));
});
