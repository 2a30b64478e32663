import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody, sendError } from './api-error';
import { securityHeaders } from './security-headers';

/**
 * Errors Fastify raises before a route is found (a malformed percent-escape in the
 * path), answered in the one error shape with the security headers like any other.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const refusal =
    error.code === 'FST_ERR_BAD_URL'
      ? new ApiError(400, 'the path holds a malformed percent-escape (such as %c0 or %zz)')
      : new ApiError(400, 'the request could not be read');
  return sendError(request, reply, refusal);
}

const clientErrors: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'the request headers are too large' },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: 'the request did not arrive in time (is its Content-Length larger than its body?)',
  },
};

/**
 * Requests Node's HTTP parser refuses (a body longer than its Content-Length whose
 * rest reads as garbage, Content-Length together with chunked encoding, bad header
 * bytes) never reach Fastify: the answer is written straight to the socket, still
 * in the one error shape and with the security headers.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const known = clientErrors[error.code ?? ''];
  const status = known?.status ?? 400;
  const message = known?.message ?? 'the request is not well-formed HTTP/1.1';
  const body = JSON.stringify(errorBody(status, message, ''));
  const headers = {
    ...securityHeaders,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head}\r\n\r\n${body}`);
}
