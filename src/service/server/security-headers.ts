import type { FastifyInstance } from 'fastify';

/**
 * A policy that allows only this origin's scripts (no inline script), no framing,
 * no sniffing and no referrer. Styles may be inline because the UI library writes
 * its theme variables into a style element.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

/**
 * The headers every response carries, including those written straight to a socket
 * when the HTTP parser refuses a request. They depend on no request, so they are a
 * constant: helmet's defaults as of helmet 8, with the policy above, frames denied
 * and no referrer. No Strict-Transport-Security: the service speaks plain HTTP on
 * loopback by default, and a TLS front end sets its own.
 */
export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': contentSecurityPolicy,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(securityHeaders);
    done();
  });
}
