import replyFrom from '@fastify/reply-from';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiPaths, apiRoutes, TOKEN_HEADER } from '../../../contract/paths';
import type { InstanceData } from '../../../contract/search';
import type { AuditService } from '../../audit/audit-service';
import type { SnapshotRefresher } from '../../audit/snapshot/snapshot-refresher';
import { sendError } from '../api-error';
import type { FieldsMoved } from '../fields-moved';
import { registerApi } from '../api-plugin';
import { presentedToken } from '../token-auth';
import type { TokenAuth } from '../token-auth';
import { parseFieldIdOrThrow } from '../validate';
import { snapshotSearchRoute, withInstanceData } from './snapshot-search-route';
import { upstreamFailure, upstreamUnreachable } from './upstream-errors';
import { allowedTemplateQuery } from './allowed-query';
import { registerNameRoutes } from '../names/name-routes';
import { upstreamNames } from '../names/upstream-names';
import type { ProxiedApi } from './proxied-api';
import { registerProxyWrites } from './proxy-writes';

export const DEFAULT_TIMEOUT_MS = 15_000;
const tokenHeader = TOKEN_HEADER.toLowerCase();

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

function readWhole(stream: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * The API answered by a real instance. The browser calls this server on its own
 * origin (no CORS), and the token, the browser's or the one the server holds,
 * travels on to the instance only in its header.
 *
 * Only the API's own routes are forwarded, and each to a path this server writes
 * itself from the route and its validated id: never the path the client sent, so
 * no spelling of a path (encoded letters or slashes, dot segments, double
 * encoding, `;` parameters) can reach anything else upstream. Of a query string
 * only the allow-listed parameters pass (`hidden` on GET template), rewritten.
 */
export interface ProxyHooks {
  /** Hears the fields the instance answered changes with (the audit keeps its view current). */
  onFieldsMoved?: FieldsMoved;
  /** The audit's snapshot of the instance, which answers searches when given (docs/proxy.md). */
  snapshot?: { service: AuditService; refresher: SnapshotRefresher };
}

export async function registerProxyApi(
  app: FastifyInstance,
  api: ProxiedApi,
  auth: TokenAuth,
  hooks: ProxyHooks = {},
): Promise<void> {
  const timeoutMs = api.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const basePath = api.upstream.pathname.replace(/\/+$/, '');
  await app.register(replyFrom, {
    base: api.upstream.origin,
    disableRequestLogging: true,
    undici: { headersTimeout: timeoutMs, bodyTimeout: timeoutMs },
  });

  /**
   * `instanceData`, when given, is added to a successful answer; `query` is the
   * query string to send, written from allow-listed parameters only.
   */
  const forward = (
    request: FastifyRequest,
    reply: FastifyReply,
    apiPath: string,
    { instanceData, query = '' }: { instanceData?: InstanceData; query?: string } = {},
  ) => {
    const token = api.heldToken ?? presentedToken(request);
    return reply.from(`${basePath}${apiPath}`, {
      timeout: timeoutMs,
      // Never the client's query string: only one written from allow-listed parameters.
      queryString: () => query,
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
        if (status >= 200 && status < 300) {
          if (api.heldToken === undefined) auth.instanceAccepted(token);
          if (instanceData) {
            void readWhole(response.stream).then((body) => {
              const json = body.toString('utf8');
              void proxied.send(withInstanceData(json, instanceData));
            });
            return;
          }
          return void proxied.send(response.stream);
        }
        if (status === 401) auth.instanceRefused(token, request.ip);
        // reply-from's types describe a server response; at run time it is the upstream's answer.
        const { headers } = response as unknown as { headers: Record<string, unknown> };
        const retryAfter = headers['retry-after'];
        void readAll(response.stream).then((body) =>
          sendError(
            request,
            proxied as FastifyReply,
            upstreamFailure(status, body, {
              retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined,
              sentToken: token,
            }),
          ),
        );
      },
      onError: (proxied, { error }) =>
        void sendError(request, proxied as FastifyReply, upstreamUnreachable(error, timeoutMs)),
    });
  };

  await registerApi(app, {
    auth,
    routes: (routes) => {
      routes.post(
        apiRoutes.search,
        hooks.snapshot
          ? snapshotSearchRoute({
              auth,
              ...hooks.snapshot,
              passThrough: (request, reply, data) =>
                forward(request, reply, apiPaths.search, { instanceData: data }),
            })
          : (request, reply) => forward(request, reply, apiPaths.search),
      );
      routes.get(apiRoutes.statistics, (request, reply) =>
        forward(request, reply, apiPaths.statistics),
      );
      routes.get<{ Params: { id: string } }>(apiRoutes.template, (request, reply) => {
        const path = apiPaths.template(parseFieldIdOrThrow(request.params.id));
        return forward(request, reply, path, { query: allowedTemplateQuery(request.query) });
      });
      // Writes are read and verified here, not streamed through (proxy-writes.ts).
      registerProxyWrites(routes, {
        api,
        timeoutMs,
        auth,
        onFieldsMoved: hooks.onFieldsMoved,
      });
    },
  });
  await registerNameRoutes(app, {
    auth,
    answers: upstreamNames({ upstream: api.upstream, timeoutMs, heldToken: api.heldToken, auth }),
  });
}
