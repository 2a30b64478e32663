import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody, FieldError } from '../../contract/errors';
import { boundErrors } from '../../contract/errors';
import { securityHeaders } from './security-headers';

/** An error that becomes the one error shape (docs/api.md, "Errors"). */
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

const longestMessage = 1000;
const longestFieldMessage = 300;
const longestPath = 200;

function shorten(text: string, longest: number): string {
  return text.length > longest ? `${text.slice(0, longest - 3)}...` : text;
}

/**
 * The one error shape, bounded whatever produced it: a short message, a short
 * path, and at most a fixed number of listed problems.
 */
export function errorBody(
  status: number,
  message: string,
  path: string,
  errors?: readonly FieldError[],
): ApiErrorBody {
  const listed = errors && errors.length > 0 ? boundErrors(errors) : undefined;
  return {
    status,
    statusReason: STATUS_CODES[status] ?? 'Error',
    message: shorten(message, longestMessage),
    path: shorten(path, longestPath),
    ...(listed
      ? {
          errors: listed.map((error) => ({
            field: shorten(error.field, longestPath),
            message: shorten(error.message, longestFieldMessage),
          })),
        }
      : {}),
  };
}

/** The request path without its query string: what the error shape reports. */
export function pathOf(request: FastifyRequest): string {
  return request.url.split('?')[0] ?? request.url;
}

/** Also sets the security headers: some errors are answered before any hook has run. */
export function sendError(request: FastifyRequest, reply: FastifyReply, error: ApiError) {
  return reply
    .code(error.status)
    .headers(securityHeaders)
    .headers(error.headers)
    .type('application/json; charset=utf-8')
    .send(errorBody(error.status, error.message, pathOf(request), error.errors));
}
