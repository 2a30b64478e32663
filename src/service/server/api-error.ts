import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, FieldError } from '../../contract/errors';

/** An error that becomes the one error shape of contract.md section 2. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function errorBody(
  status: number,
  message: string,
  path: string,
  errors?: FieldError[],
): ApiErrorBody {
  return {
    status,
    statusReason: STATUS_CODES[status] ?? 'Error',
    message,
    path,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
}

/** The request path without its query string: what the error shape reports. */
export function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  return reply
    .code(error.status)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(errorBody(error.status, error.message, pathOf(request), error.errors));
}
