import type { FieldFindingKeys } from '../../contract/audit';
import { AUDIT_BASE, FIELDS_FINDINGS_MAX, fieldsFindingsAnswerSchema } from '../../contract/audit';
import { isApiError } from '../api-error';
import { requestJson } from '../http-client';

/**
 * Which findings of the audit's latest view hold each of these fields, asked a page
 * of ids at a time (never once per field); null before any scan has completed.
 */
export async function getFieldsFindings(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Map<number, FieldFindingKeys> | null> {
  const byField = new Map<number, FieldFindingKeys>();
  for (let start = 0; start < ids.length; start += FIELDS_FINDINGS_MAX) {
    try {
      const answer = await requestJson(
        `${AUDIT_BASE}/fields/findings`,
        fieldsFindingsAnswerSchema,
        {
          method: 'POST',
          body: { ids: ids.slice(start, start + FIELDS_FINDINGS_MAX) },
          signal,
        },
      );
      for (const field of answer.fields) byField.set(field.fieldId, field);
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  }
  return byField;
}
