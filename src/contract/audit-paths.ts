// Apart from audit.ts's schemas: the audit page sends its first requests before zod
// has loaded, and reads each answer with its schema loaded beside it
// (api/audit/audit-schema.ts).

/** Where the audit API lives (docs/audit.md): this project's own, in both modes. */
export const AUDIT_BASE = '/api/audit/v1';

/** Largest page of groups or changes one request answers. */
export const AUDIT_PAGE_MAX = 500;
