import { bulkLockResponseSchema } from '../../contract/bulk-lock';
import type { BulkLockRequest } from '../../contract/bulk-lock';
import type { CalculatedField } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import { ApiError, apiErrorFromBody } from '../api-error';
import { requestJson } from '../http-client';

/** One field's outcome in a bulk lock: the field as it now is, or why it was not changed. */
export type FieldLockOutcome =
  | { ok: true; field: CalculatedField }
  | { ok: false; error: ApiError };

/**
 * Locks or unlocks many fields in one request: this project's extension, which only a
 * server that advertises it takes (its app config's `bulkLock`; docs/api.md). Answers
 * each id's outcome in the order given. A field the answer leaves out counts as failed,
 * so every id has an outcome whatever the server sent.
 */
export async function bulkLockFields({
  ids,
  locked,
}: BulkLockRequest): Promise<FieldLockOutcome[]> {
  const body: BulkLockRequest = { ids, locked };
  const { results } = await requestJson(apiPaths.bulkLock, bulkLockResponseSchema, {
    method: 'POST',
    body,
  });
  const byId = new Map(results.map((result) => [result.id, result]));
  return ids.map((id): FieldLockOutcome => {
    const result = byId.get(id);
    if (!result) {
      return {
        ok: false,
        error: new ApiError('unexpected', 'The server’s answer left this field out.'),
      };
    }
    return 'field' in result
      ? { ok: true, field: result.field }
      : { ok: false, error: apiErrorFromBody(result.status, result.error) };
  });
}
