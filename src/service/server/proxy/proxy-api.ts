import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { API_BASE, TOKEN_HEADER } from '../../../contract/paths';
import type { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import { sendError } from '../api-error';
import { refuseOtherMethods } from '../routes/method-not-allowed';
import { missingToken, presentedToken, throttledFailures } from '../token-auth';
import { parseFieldId } from '../validate';
import { upstreamFailure, upstreamUnreachable } from './upstream-errors';

export interface ProxiedApi {
  kind: 'proxy';
  /** The instance's base address, e.g. https://example.instance.com */
  upstream: URL;
  /** A token the server holds and sends; the browser then sends none. */
  heldToken?: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const tokenHeader = TOKEN_HEADER.toLowerCase();
/** Only these paths are forwarded; any other API path is 404 here and never reaches the instance. */
const forwarded: Array<{ url: string; methods: HTTPMethods[] }> = [
  { url: `${API_BASE}/functions/search`, methods: ['POST'] },
  { url: `${API_BASE}/functions/template/:id`, methods: ['GET', 'PUT'] },
  { url: `${API_BASE}/functions/statistics`, methods: ['GET'] },
];

function readAll(stream: NodeJS.ReadableStream, limit = 64 * 1024): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    stream.on('data', (chunk: Buffer) => {
      if (text.length < limit) text += chunk.toString('utf8');
    });
    stream.on('end', () => resolve(text));
    stream.on('error', () => resolve(text));
  });
}

/**
 * The API answered by a real instance. The browser calls this server on its own
 * origin (no CORS), and the token, the browser's or the one the server holds,
 * travels on to the instance only in its header.
 */
export async function registerProxyApi(
  app: FastifyInstance,
  api: ProxiedApi,
  limiter: FailedAuthLimiter,
): Promise<void> {
  const timeoutMs = api.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const basePath = api.upstream.pathname.replace(/\/+$/, '');
  await app.register(replyFrom, {
    base: api.upstream.origin,
    disableRequestLogging: true,
    undici: { headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
  });

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const throttled = throttledFailures(limiter, request.ip);
    if (throttled) throw throttled;
    const token = api.heldToken ?? presentedToken(request);
    if (token === '') {
      limiter.recordFailure(request.ip);
      throw missingToken();
    }
    const path = request.url.split('?')[0]!;
    return reply.from(`${basePath}${path}`, {
      timeout: timeoutMs,
      // The API takes no query string; none is passed on.
      queryString: () => '',
      rewriteRequestHeaders: (_request, headers) => ({
        host: headers.host,
        accept: 'application/json',
        ...(headers['content-type'] ? { 'content-type': headers['content-type'] } : {}),
        ...(headers['content-length'] !== undefined
          ? { 'content-length': headers['content-length'] }
          : {}),
        [tokenHeader]: token,
      }),
      rewriteHeaders: (headers) => ({
        ...(headers['content-type'] ? { 'content-type': headers['content-type'] } : {}),
      }),
      onResponse: (_request, proxied, response) => {
        const status = response.statusCode ?? 502;
        if (status >= 200 && status < 300) return void proxied.send(response.stream);
        if (status === 401) limiter.recordFailure(request.ip);
        // reply-from's types describe a server response; at run time it is the upstream's answer.
        const { headers } = response as unknown as { headers: Record<string, unknown> };
        const retryAfter = headers['retry-after'];
        void readAll(response.stream).then((body) =>
          sendError(
            request,
            proxied as FastifyReply,
            upstreamFailure(status, body, typeof retryAfter === 'string' ? retryAfter : undefined),
          ),
        );
      },
      onError: (proxied, { error }) =>
        void sendError(request, proxied as FastifyReply, upstreamUnreachable(error, timeoutMs)),
    });
  };

  for (const route of forwarded) {
    app.route({
      method: route.methods,
      url: route.url,
      handler: async (request, reply) => {
        const { id } = request.params as { id?: string };
        // Only a plain numeric id is forwarded, so no path can be smuggled upstream.
        if (id !== undefined) parseFieldId(id);
        return forward(request, reply);
      },
    });
    refuseOtherMethods(
      app,
      route.url,
      route.methods.includes('GET') ? [...route.methods, 'HEAD'] : route.methods,
    );
  }
}
