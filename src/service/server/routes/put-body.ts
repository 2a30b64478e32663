import { lockRequestSchema } from '../../../contract/lock';
import type { UpdateRequest } from '../../../contract/template-writes';
import { updateRequestSchema } from '../../../contract/template-writes';
import { parseOrThrow } from '../validate';

/** True for `{"locked": ...}` alone (or nothing to go on), the lock this PUT has always taken. */
function isLockBody(body: unknown): boolean {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return true;
  const keys = Object.keys(body);
  return keys.length === 0 || (keys.length === 1 && keys[0] === 'locked');
}

/** A PUT /functions/template/{id} body: a lock or unlock, or an update; a 400 otherwise. */
export function parsePutBody(
  body: unknown,
): { kind: 'lock'; locked: boolean } | { kind: 'update'; request: UpdateRequest } {
  if (isLockBody(body))
    return { kind: 'lock', locked: parseOrThrow(lockRequestSchema, body).locked };
  return { kind: 'update', request: parseOrThrow(updateRequestSchema, body) };
}
