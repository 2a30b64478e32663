import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * A policy that allows only this origin's scripts (no inline script), no framing,
 * no sniffing and no referrer. Styles may be inline because the UI library writes
 * its theme variables into a style element.
 */
const helmetMiddleware = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Served over plain HTTP on loopback by default; a TLS front end sets its own HSTS.
  strictTransportSecurity: false,
});

/**
 * The headers helmet sets, read once. They do not depend on the request, so every
 * response, including those written straight to a socket when the HTTP parser
 * refuses a request, carries the same set without running helmet again.
 */
function readHelmetHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmetMiddleware({} as never, response as never, () => undefined);
  return Object.freeze(headers);
}

export const securityHeaders = readHelmetHeaders();

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(securityHeaders);
    done();
  });
}
