import type { z } from 'zod';
import type * as auditContract from '../../contract/audit';
import type { AnswerSchema } from '../http-client';

type AuditContract = typeof auditContract;
type SchemaName = {
  [Name in keyof AuditContract]: AuditContract[Name] extends z.ZodType ? Name : never;
}[keyof AuditContract];

/** The audit contract's module, with every answer's schema (and zod). */
export const loadAuditContract = () => import('../../contract/audit');

/**
 * An audit answer's schema, loaded when it is first needed: the audit page sends its
 * first requests before zod has loaded (bench/results/first-screen.md, "The audit page").
 */
export function auditSchema<Name extends SchemaName>(
  name: Name,
): AnswerSchema<AuditContract[Name]> {
  return async () => (await loadAuditContract())[name];
}
