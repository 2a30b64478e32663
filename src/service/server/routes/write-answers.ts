import type { FastifyReply } from 'fastify';
import type { ApiErrorBody } from '../../../contract/errors';
import type { CalculatedField } from '../../../contract/field';
import type { WriteRefusal } from '../../fields/write-outcome';
import { errorBody } from '../api-error';

/** A refused write in the error shape; a conflict also carries the field as it is now. */
export function refusalBody(
  refusal: WriteRefusal,
  path: string,
): ApiErrorBody & { field?: CalculatedField } {
  const body = errorBody(refusal.status, refusal.message, path, refusal.errors);
  return refusal.field ? { ...body, field: refusal.field } : body;
}

export function sendRefusal(reply: FastifyReply, refusal: WriteRefusal, path: string) {
  return reply.code(refusal.status).send(refusalBody(refusal, path));
}
