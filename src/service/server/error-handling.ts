import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError, sendError } from './api-error';
import { BODY_LIMIT_BYTES } from './limits';

/** A body limit in words: 64 KiB, 4 MiB. */
function sizeInWords(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${mebibytes} MiB` : `${Math.round(bytes / 1024)} KiB`;
}

/** Fastify's own errors, mapped to what a person can act on. */
function fromFastifyError(error: FastifyError, request: FastifyRequest): ApiError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError(
        415,
        'send the body as JSON with the header Content-Type: application/json',
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The route's own limit: the journal and bulk calls read larger bodies than the rest.
      return new ApiError(
        413,
        `the body is larger than ${sizeInWords(request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES)}`,
      );
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError(400, 'the body is empty; send a JSON object');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new ApiError(400, 'the body is not valid JSON');
    default:
      break;
  }
  if (error instanceof SyntaxError || error.statusCode === 400) {
    return new ApiError(400, 'the body is not valid JSON');
  }
  if (error.statusCode === 429) return new ApiError(429, 'too many requests; wait and try again');
  return new ApiError(500, 'the service failed unexpectedly; the fault has been logged');
}

/** Every error answers in the one error shape. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const apiError = error instanceof ApiError ? error : fromFastifyError(error, request);
    if (apiError.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendError(request, reply, apiError);
  });
}
