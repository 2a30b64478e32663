import { http, HttpResponse } from 'msw';
import type { AuditStatus, FieldFinding } from '../../../contract/audit';
import { AUDIT_BASE } from '../../../contract/audit';

/** What the audit answers the drawer: each field's findings (none by default), or a failure. */
export type MockAudit = Record<number, FieldFinding[]> | 'unavailable';

const status: AuditStatus = {
  mode: 'embedded',
  instance: 'this server',
  keep: 30,
  scanCount: 1,
  diskBytes: 1024,
  changesSinceScan: 0,
  version: 3,
};

export function auditHandlers(audit: MockAudit = {}) {
  const failure = () =>
    HttpResponse.json(
      { status: 503, statusReason: 'Service Unavailable', message: 'the audit is busy', path: '' },
      { status: 503 },
    );
  return [
    http.get(`${AUDIT_BASE}/status`, () =>
      audit === 'unavailable' ? failure() : HttpResponse.json(status),
    ),
    http.get(`${AUDIT_BASE}/fields/:id/findings`, ({ params }) => {
      if (audit === 'unavailable') return failure();
      const fieldId = Number(params.id);
      return HttpResponse.json({
        fieldId,
        scanId: 1,
        scanFinished: 1_700_000_000_000,
        version: status.version,
        seen: true,
        findings: audit[fieldId] ?? [],
      });
    }),
  ];
}
