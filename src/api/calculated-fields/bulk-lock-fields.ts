import { bulkTemplateResponseSchema } from '../../contract/bulk-template';
import type { BulkItemResult, BulkTemplateRequest } from '../../contract/bulk-template';
import type { CalculatedField } from '../../contract/field';
import { calculatedFieldSchema } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import { ApiError, apiErrorFromBody, isApiError } from '../api-error';
import { requestJson, requestText } from '../http-client';

/** One field's outcome in a bulk lock: the field as it now is, or why it was not changed. */
export type FieldLockOutcome =
  | { ok: true; field: CalculatedField }
  | { ok: false; error: ApiError };

/** Fields one bulk call carries (production takes 1,000; a published collection sends 500). */
export const FIELDS_PER_BULK_CALL = 500;

/** Statuses by which an instance says it has no bulk operation: the app then sends one PUT per field. */
const withoutBulk = new Set([404, 405, 501]);

/** Whether a failed bulk call means the instance has no bulk operation at all. */
export function isBulkRefused(error: unknown): boolean {
  return isApiError(error) && error.kind === 'http' && withoutBulk.has(error.status);
}

/** The answer's results, or undefined when it is not in the shape this project answers. */
function readResults(text: string): BulkItemResult[] | undefined {
  try {
    const parsed = bulkTemplateResponseSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.results : undefined;
  } catch {
    return undefined;
  }
}

/** Requests at once when a call's fields are read or written one by one. */
const ONE_BY_ONE_AT_ONCE = 8;

/** `send` for each id, a few at a time, the outcomes in the order of the ids. */
export async function inTurns<T>(
  ids: readonly number[],
  send: (id: number) => Promise<T>,
): Promise<T[]> {
  const outcomes: T[] = [];
  for (let at = 0; at < ids.length; at += ONE_BY_ONE_AT_ONCE) {
    outcomes.push(...(await Promise.all(ids.slice(at, at + ONE_BY_ONE_AT_ONCE).map(send))));
  }
  return outcomes;
}

/**
 * What a field is now, when the answer did not say: read again, one by one, because
 * production's search lags its writes (a published client reads each field again
 * after a change for this reason).
 */
async function verify(id: number, locked: boolean): Promise<FieldLockOutcome> {
  try {
    const field = await requestJson(apiPaths.readField(id), calculatedFieldSchema);
    return field.locked === locked
      ? { ok: true, field }
      : {
          ok: false,
          error: new ApiError('unexpected', 'The instance did not confirm the change.'),
        };
  } catch (error) {
    return {
      ok: false,
      error: isApiError(error) ? error : new ApiError('unexpected', String(error)),
    };
  }
}

/**
 * Locks or unlocks many fields in one call of production's bulk operation,
 * `update: [{id, locked}]` (docs/api.md). Answers each id's outcome in the order
 * given: from the answer when it lists them, else (production's answer is not
 * documented, and may be an empty 2xx) by reading each field again. A field the
 * answer leaves out counts as failed. A call the instance refuses as a whole throws
 * (isBulkRefused tells when it has no bulk operation).
 */
export async function bulkLockFields({
  ids,
  locked,
}: {
  ids: readonly number[];
  locked: boolean;
}): Promise<FieldLockOutcome[]> {
  const body: BulkTemplateRequest = { update: ids.map((id) => ({ id, locked })) };
  const results = readResults(await requestText(apiPaths.bulkTemplate, { method: 'POST', body }));
  if (!results) return inTurns(ids, (id) => verify(id, locked));
  const byId = new Map(results.map((result) => [result.id, result]));
  return ids.map((id): FieldLockOutcome => {
    const result = byId.get(id);
    if (!result) {
      return {
        ok: false,
        error: new ApiError('unexpected', 'The server’s answer left this field out.'),
      };
    }
    if ('field' in result) return { ok: true, field: result.field };
    if ('error' in result)
      return { ok: false, error: apiErrorFromBody(result.status, result.error) };
    return { ok: false, error: new ApiError('unexpected', 'The server did not answer the field.') };
  });
}
