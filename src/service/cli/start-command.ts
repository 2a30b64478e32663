import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Stores } from '../store/open-store';
import { JournalStore } from '../journal/journal-store';
import { openEmbeddedJournalStore } from '../journal/open-journal-store';
import { openStore } from '../store/open-store';
import { generateToken } from '../auth/token-hash';
import { buildServer, redactedLogPaths } from '../server/build-server';
import type { OpenedAudit } from '../audit/open-audit';
import { openEmbeddedAudit, openProxyAudit } from '../audit/open-audit';
import { AuditFileInUse } from '../audit/storage/open-audit-database';
import { accessSettings } from './access-options';
import { auditSettings } from './audit-options';
import { CliError, parseInteger } from './cli-error';
import { demoSignInLines } from './demo-sign-in-lines';
import { ensureWebBuild } from './ensure-web-build';
import { heldTokenWritesLine, upstreamOptions } from './upstream-options';
import { defaultDataFile, webRoot } from './paths';

export const startUsage = `npm start -- [--port N] [--host H] [--data FILE] [--demo-fields N] [--demo-token T] [--no-build]
npm start -- --upstream URL [--upstream-token-file FILE [--allow-writes]] [--upstream-timeout MS] [--port N] [--host H]

  --port N          port to listen on (default 4500, or $PORT)
  --host H          address to bind (default 127.0.0.1, or $HOST)
  --allowed-host N  a host name the server answers to besides its own address,
                    127.0.0.1, localhost and [::1] (e.g. behind a reverse proxy:
                    fields.example.com); may be repeated (or $ALLOWED_HOSTS, comma-separated).
                    Requests naming any other host, or made from another site, are refused.
  --data FILE       the SQLite store (default ${defaultDataFile}, or $DATA_FILE);
                    created with a demo instance when missing
  --demo-fields N   fields in a new demo instance (default 2000)
  --demo-token T    use T as the demo token instead of a generated one
  --no-build        serve the web app as built, without checking its sources

  Proxy mode (the API answered by a real instance instead of the store):
  --upstream URL              the instance's address (or $UPSTREAM_URL)
  --upstream-token-file FILE  a token the server holds and sends; the app then skips
                              sign-in (or $UPSTREAM_TOKEN / $UPSTREAM_TOKEN_FILE).
                              The file must be readable by its owner only (chmod 600).
  --allow-writes              with a held token, forward updates, creates and deletes too;
                              without it such a server only locks and unlocks, since
                              anyone who reaches it acts with that token
  --upstream-timeout MS       how long to wait for the instance (default 15000)
  --token-trust T             how long a token the instance accepted is trusted before
                              it is checked again, from 0s to 1h (default 5m, or $TOKEN_TRUST);
                              a token the instance revoked reads the audit that long

  The audit (scans of the instance, in either mode):
  --audit-data FILE       where scans are kept (default beside the store, e.g. data/fields.audit.sqlite;
                          in proxy mode data/audit.sqlite; or $AUDIT_DATA_FILE)
  --scan-every T          scan on a schedule, e.g. 1h, 30m or 7d (or $SCAN_EVERY)
  --keep-scans N          complete scans to keep (default 30, or $KEEP_SCANS)
  --scan-concurrency N    fields read at once from an instance (default 4, or $SCAN_CONCURRENCY)`;

async function createDemoInstance(
  stores: Stores,
  fields: number,
  log: (line: string) => void,
): Promise<void> {
  // Loaded only for a new store: a server on an existing one starts sooner without them.
  const [{ generateDemoInstance }, { importInstance }] = await Promise.all([
    import('../demo/generate-demo-instance'),
    import('../instance/import-instance'),
  ]);
  const started = Date.now();
  const report = importInstance(stores.fields, generateDemoInstance({ fields }));
  if (report.refusals.length > 0) {
    throw new CliError(`the demo instance was refused: ${report.refusals[0]!.problem}`, 1);
  }
  log(
    `Created a demo instance with ${report.imported.fields} calculated fields in ${Date.now() - started} ms`,
  );
}

export async function startCommand(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      'token-trust': { type: 'string' },
      data: { type: 'string' },
      'demo-fields': { type: 'string' },
      'demo-token': { type: 'string' },
      'no-build': { type: 'boolean' },
      upstream: { type: 'string' },
      'upstream-token-file': { type: 'string' },
      'upstream-timeout': { type: 'string' },
      'allow-writes': { type: 'boolean' },
      'audit-data': { type: 'string' },
      'scan-every': { type: 'string' },
      'keep-scans': { type: 'string' },
      'scan-concurrency': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const log = (line: string) => console.log(line);
  const port = parseInteger('port', values.port ?? process.env.PORT, 0, 65535) ?? 4500;
  const host = values.host ?? process.env.HOST ?? '127.0.0.1';
  const dataFile = resolve(values.data ?? process.env.DATA_FILE ?? defaultDataFile);
  const demoFields = parseInteger('demo-fields', values['demo-fields'], 0, 1_000_000) ?? 2000;
  const demoToken = values['demo-token']?.trim();
  if (demoToken !== undefined && demoToken.length < 8) {
    throw new CliError('--demo-token must be at least 8 characters');
  }

  const proxied = upstreamOptions({
    upstream: values.upstream,
    tokenFile: values['upstream-token-file'],
    timeoutMs: values['upstream-timeout'],
    allowWrites: values['allow-writes'],
  });
  const access = accessSettings({
    allowedHosts: values['allowed-host'],
    tokenTrust: values['token-trust'],
  });
  const audit = auditSettings(
    {
      auditData: values['audit-data'],
      scanEvery: values['scan-every'],
      keepScans: values['keep-scans'],
      scanConcurrency: values['scan-concurrency'],
    },
    proxied ? undefined : dataFile,
  );
  if (!values['no-build']) ensureWebBuild(log);

  const stores = proxied ? undefined : await openDemoStore(dataFile, demoFields, demoToken, log);
  const opened: OpenedAudit = openAuditOrExplain(() =>
    proxied
      ? openProxyAudit({
          file: audit.file,
          upstream: proxied.upstream,
          heldToken: proxied.heldToken,
          timeoutMs: proxied.timeoutMs ?? 15_000,
          concurrency: audit.concurrency,
          keep: audit.keep,
        })
      : openEmbeddedAudit({
          file: audit.file,
          storeFile: dataFile,
          directory: stores!.directory,
          keep: audit.keep,
        }),
  );
  // The journal lives in the store's file (embedded) or the audit's (proxy).
  const journal = stores
    ? openEmbeddedJournalStore(dataFile)
    : { store: new JournalStore(opened.database!), close: () => {} };
  const app = await buildServer({
    api: proxied ?? {
      kind: 'embedded',
      store: stores!.fields,
      directory: stores!.directory,
      tokens: stores!.tokens,
    },
    webRoot: existsSync(webRoot) ? webRoot : undefined,
    logger: { level: process.env.LOG_LEVEL ?? 'warn', redact: redactedLogPaths },
    boundHost: host,
    allowedHosts: access.allowedHosts,
    tokenTrustMs: access.tokenTrustMs,
    audit: {
      service: opened.service,
      snapshot: opened.snapshot,
      keep: audit.keep,
      scanEveryMs: audit.scanEveryMs,
    },
    journal: journal.store,
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`Received ${signal}; stopping`);
    await app.close();
    await opened.close();
    journal.close();
    // The search index is saved as the store changes, so nothing heavy is left to do.
    stores?.close({ saveIndex: false });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port, host });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const origin = `http://${shownHost}:${boundPort}`;
  log(`Listening on ${origin}`);
  if (proxied) {
    log(
      `Proxying the API to ${proxied.upstream.origin}${proxied.heldToken ? ' with the token this server holds' : ''}`,
    );
    const writes = heldTokenWritesLine(proxied);
    if (writes) log(writes);
  } else {
    const token = stores!.tokens.demoToken();
    if (token) demoSignInLines(origin, token).forEach((line) => log(line));
    else
      log(
        `Create a developer token with: npm run token -- create --data ${dataFile} --name <name>`,
      );
  }
  opened.service.begin({ scanEveryMs: audit.scanEveryMs, firstScan: !proxied });
  log(
    `Audit: scans kept in ${audit.file}${audit.scanEveryMs ? `, a scan every ${values['scan-every'] ?? process.env.SCAN_EVERY}` : ''}`,
  );
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') {
    log(
      proxied?.heldToken
        ? `Warning: bound to ${host}. This server holds the instance's token: anyone who can reach ${host}:${boundPort} acts on the instance with it.`
        : `Warning: bound to ${host}; anyone who can reach it can use the API with a valid token.`,
    );
  }
}

/** The audit, or a message the person starting the server can act on. */
function openAuditOrExplain(open: () => OpenedAudit): OpenedAudit {
  try {
    return open();
  } catch (error) {
    if (error instanceof AuditFileInUse) throw new CliError(error.message);
    throw error;
  }
}

/** Opens the store, creating a demo instance and its token when the file is new. */
async function openDemoStore(
  dataFile: string,
  demoFields: number,
  demoToken: string | undefined,
  log: (line: string) => void,
): Promise<Stores> {
  const isNew = !existsSync(dataFile);
  const stores = openStore(dataFile);
  try {
    if (isNew) {
      await createDemoInstance(stores, demoFields, log);
      const token = demoToken ?? generateToken();
      stores.tokens.addToken('demo', token, Date.now());
      stores.tokens.rememberDemoToken(token);
    } else if (demoToken !== undefined) {
      stores.tokens.addToken('demo', demoToken, Date.now());
      stores.tokens.rememberDemoToken(demoToken);
    }
    return stores;
  } catch (error) {
    stores.close();
    throw error;
  }
}
