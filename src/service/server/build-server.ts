import Fastify from 'fastify';
import { copySortFields } from '../../contract/copy-orders';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import type { AuditApi } from './audit-api';
import { registerAuditApi } from './audit-api';
import { registerWorkflowsApi } from './workflows-api';
import { ApiError, sendError } from './api-error';
import { registerCompression } from './compression';
import type { EmbeddedApi } from './embedded-api';
import { registerEmbeddedApi } from './embedded-api';
import { registerErrorHandling } from './error-handling';
import { fieldsMovedInto } from './fields-moved';
import { answerClientError, answerFrameworkError } from './framework-errors';
import { registerJsonBodyParser } from './json-body';
import { registerJournalApi } from './journal-api';
import { EmbeddedTarget } from '../journal/embedded-target';
import { Journal } from '../journal/journal';
import { ProxyTarget } from '../journal/proxy-target';
import { auditFieldsNow, storeFieldsNow } from '../journal/only-fields-now';
import type { JournalStore } from '../journal/journal-store';
import { embeddedWhoIs, proxyWhoIs } from './who-is';
import { BODY_LIMIT_BYTES } from './limits';
import type { ProxiedApi } from './proxy/proxied-api';
import { DEFAULT_TOKEN_TRUST_MS } from './proxy/instance-token-judge';
import { upstreamHealth } from './proxy/upstream-health';
import { registerAppConfigRoute } from './routes/app-config-route';
import { registerHealthRoute } from './routes/health-route';
import type { HostName } from './same-origin-guard';
import { registerSameOriginGuard } from './same-origin-guard';
import { registerSecurityHeaders } from './security-headers';
import { TokenAuth } from './token-auth';
import { tokenJudgeOf } from './token-judges';
import { registerWebApp, sendAppShell } from './web-app';
import { zodOnlySchemaController } from './zod-only-schemas';

export type { EmbeddedApi } from './embedded-api';
export type { ProxiedApi } from './proxy/proxied-api';

export interface ServerOptions {
  /** Who answers the API: this server's store, or a real instance behind it. */
  api: EmbeddedApi | ProxiedApi;
  /** Folder of the built web app; no web app is served without it. */
  webRoot?: string;
  logger?: FastifyServerOptions['logger'];
  failedAuthLimiter?: FailedAuthLimiter;
  /**
   * Proxy mode without a held token: how long a token the instance accepted passes
   * without asking it again (5 minutes unless said otherwise; docs/proxy.md).
   */
  tokenTrustMs?: number;
  /** The address the server listens on; a specific one is a host name it answers to. */
  boundHost?: string;
  /** Host names it answers to besides its own (`--allowed-host`). */
  allowedHosts?: readonly HostName[];
  /** The audit of the instance (docs/audit.md); without it, no audit API is served. */
  audit?: AuditApi;
  /**
   * Where the journal keeps its change sets (docs/api.md, "The journal"); without
   * it, the journal API answers only who the token is.
   */
  journal?: JournalStore;
}

/** Redacted wherever a log line could carry request headers, as `req` or logged on their own. */
export const redactedLogPaths = ['req.headers', 'headers', '*.headers'].flatMap((headers) => [
  `${headers}["x-service-developer-token"]`,
  `${headers}.authorization`,
  `${headers}.cookie`,
]);

/** The server, built without listening so tests use the same app. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const { api } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    return503OnClosing: true,
    // A body shorter than its Content-Length would otherwise hold a socket for minutes.
    requestTimeout: 30_000,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    schemaController: zodOnlySchemaController,
  });
  registerErrorHandling(app);
  registerSecurityHeaders(app);
  registerSameOriginGuard(app, {
    boundHost: options.boundHost,
    allowedHosts: options.allowedHosts,
  });
  // The API reads JSON only; Fastify would otherwise also accept text/plain bodies.
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  await registerCompression(app);
  app.setNotFoundHandler((request, reply) => {
    if (!request.url.startsWith('/api/') && sendAppShell(options.webRoot, request, reply)) return;
    return sendError(
      request,
      reply,
      new ApiError(404, `nothing is at ${request.method} ${request.url.split('?')[0]}`),
    );
  });
  const auth = new TokenAuth(
    tokenJudgeOf(api, { trustMs: options.tokenTrustMs }),
    options.failedAuthLimiter ?? new FailedAuthLimiter(),
  );
  const audit = options.audit?.service;
  const onFieldsMoved = audit && fieldsMovedInto(audit);
  if (options.audit) {
    await registerAuditApi(app, api, options.audit, auth, options.journal);
    const deletesNeedLink = (api.kind === 'proxy' ? ProxyTarget : EmbeddedTarget).deletesNeedLink;
    await registerWorkflowsApi(app, options.audit.service, auth, deletesNeedLink);
  }
  if (api.kind === 'embedded') {
    await registerEmbeddedApi(app, api, auth, onFieldsMoved);
    const target = new EmbeddedTarget(api.store, api.now ?? Date.now, onFieldsMoved);
    const journal = options.journal && new Journal(options.journal, () => target, api.now);
    if (journal) app.addHook('onClose', () => journal.idle());
    await registerJournalApi(app, {
      journal,
      whoIs: embeddedWhoIs(api.tokens),
      auth,
      fieldsNow: storeFieldsNow(api.store),
    });
    registerHealthRoute(app, () => ({ mode: 'embedded', fields: api.store.statistics().total }));
  } else {
    const refresher = options.audit?.snapshot;
    // Loaded only in proxy mode: its HTTP client is a tenth of an embedded start's module loading.
    const { registerProxyApi, DEFAULT_TIMEOUT_MS } = await import('./proxy/proxy-api');
    await registerProxyApi(app, api, auth, {
      onFieldsMoved,
      snapshot: audit && refresher && { service: audit, refresher },
    });
    const journal =
      options.journal &&
      new Journal(
        options.journal,
        (token) =>
          new ProxyTarget({
            upstream: api.upstream,
            token: api.heldToken ?? token,
            timeoutMs: api.timeoutMs ?? DEFAULT_TIMEOUT_MS,
            onFieldsMoved,
          }),
      );
    if (journal) app.addHook('onClose', () => journal.idle());
    await registerJournalApi(app, {
      journal,
      whoIs: proxyWhoIs(api.heldToken, api.allowWrites ?? false),
      auth,
      fieldsNow: audit && auditFieldsNow(audit),
    });
    const upstream = upstreamHealth(api.upstream);
    registerHealthRoute(app, async () => ({ mode: 'proxy', upstream: await upstream() }));
  }
  registerAppConfigRoute(app, {
    mode: api.kind,
    tokenHeldByServer: api.kind === 'proxy' && api.heldToken !== undefined,
    demo: api.kind === 'embedded' && api.tokens.demoToken?.() !== undefined,
    ...(api.kind === 'proxy' &&
      api.heldToken === undefined && {
        tokenTrustMs: options.tokenTrustMs ?? DEFAULT_TOKEN_TRUST_MS,
      }),
    // A proxy forwards one PUT per field: a real instance has no bulk lock (docs/decisions.md).
    ...((api.kind === 'embedded' || options.audit?.snapshot) && { copySorts: [...copySortFields] }),
  });
  if (options.webRoot) await registerWebApp(app, options.webRoot);
  return app;
}
