import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_HEADER } from '../../contract/paths';
import { ApiError, sendError } from './api-error';
import { presentedToken } from './token-auth';

/** A host a request may name: a host name, and a port unless any port will do. */
export interface HostName {
  hostname: string;
  port?: number;
}

/** The names of the loopback addresses, which every server answers to on its own port. */
const loopbackNames = ['127.0.0.1', 'localhost', '[::1]'];
/** Addresses that bind every interface, so they name no host a request could use. */
const wildcardAddresses = new Set(['0.0.0.0', '::', '[::]']);

/** `example.com`, `example.com:8443` or `[::1]:4500` as a HostName; undefined when it is not one. */
export function parseHostName(text: string, defaultPort?: number): HostName | undefined {
  if (text === '' || /[\s/?#@\\]/.test(text)) return undefined;
  let url: URL;
  try {
    url = new URL(`http://${text}`);
  } catch {
    return undefined;
  }
  const port = url.port === '' ? defaultPort : Number(url.port);
  return { hostname: url.hostname, ...(port === undefined ? {} : { port }) };
}

export interface SameOriginOptions {
  /** The address the server is bound to; a specific one is a name it answers to, as the loopback names are. */
  boundHost?: string;
  /** More names the server answers to (`--allowed-host`), e.g. behind a reverse proxy. */
  allowedHosts?: readonly HostName[];
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

function shown(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}...` : text);
}

/**
 * Refuses, before any route runs, what a page of another site could make a
 * browser send here (docs/api.md, "Requests from other sites"):
 * - a Host this server does not answer to (DNS rebinding: another site's name
 *   resolved to this machine): 421;
 * - an Origin other than this server's own, or `Sec-Fetch-Site: cross-site` on
 *   anything but a plain navigation to a page: 403;
 * - a request that changes something without `Content-Type: application/json` or
 *   the token header, which a form or a no-cors fetch cannot send: 403.
 * In both modes, for every route: the APIs, the app's configuration and its files.
 */
export function registerSameOriginGuard(app: FastifyInstance, options: SameOriginOptions = {}) {
  const ownNames = new Set(loopbackNames);
  const { boundHost } = options;
  if (boundHost !== undefined && !wildcardAddresses.has(boundHost)) {
    // An IPv6 address is bound as `::1` and named in a Host header as `[::1]`.
    const bound = parseHostName(/^[^[].*:/.test(boundHost) ? `[${boundHost}]` : boundHost);
    if (bound) ownNames.add(bound.hostname);
  }
  const allowed = options.allowedHosts ?? [];
  const answersTo = (host: HostName | undefined, serverPort: number | undefined): boolean => {
    if (!host) return false;
    // Before it listens (requests injected in tests) the server has no port to compare.
    const ownPort = serverPort === undefined || host.port === serverPort;
    if (ownNames.has(host.hostname) && ownPort) return true;
    return allowed.some(
      (name) =>
        name.hostname === host.hostname && (name.port === undefined || name.port === host.port),
    );
  };

  app.addHook('onRequest', (request, reply, done) => {
    const refusal = refusalOf(request, answersTo);
    if (refusal) return void sendError(request, reply, refusal);
    done();
  });
}

function refusalOf(
  request: FastifyRequest,
  answersTo: (host: HostName | undefined, serverPort: number | undefined) => boolean,
): ApiError | undefined {
  const serverPort = request.socket.localPort;
  const host = request.headers.host ?? '';
  if (!answersTo(parseHostName(host, 80), serverPort)) {
    return new ApiError(
      421,
      `this server does not answer to the host ${shown(host)}; ` +
        'whoever runs it can allow a name with --allowed-host',
    );
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !answersTo(originHost(origin), serverPort)) {
    return new ApiError(403, `requests from another site are refused (Origin ${shown(origin)})`);
  }
  const site = request.headers['sec-fetch-site'];
  const navigation =
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.headers['sec-fetch-mode'] === 'navigate';
  if (site === 'cross-site' && !navigation) {
    return new ApiError(403, 'requests from another site are refused (Sec-Fetch-Site: cross-site)');
  }
  if (!safeMethods.has(request.method) && !sentOnlyAfterPreflight(request)) {
    return new ApiError(
      403,
      `a ${request.method} request must send Content-Type: application/json or the ` +
        `${TOKEN_HEADER} header, which a form or a page of another site cannot send`,
    );
  }
  return undefined;
}

/** What a browser sends to another site only after a preflight, which this server never answers. */
function sentOnlyAfterPreflight(request: FastifyRequest): boolean {
  if (presentedToken(request) !== '') return true;
  const type = request.headers['content-type'] ?? '';
  return type.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** The host an Origin names, with the port its scheme implies; undefined for `null` and other opaque origins. */
function originHost(origin: string): HostName | undefined {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return parseHostName(url.host, url.protocol === 'https:' ? 443 : 80);
}
