import { readFileSync, statSync } from 'node:fs';
import type { ProxiedApi } from '../server/build-server';
import { CliError, parseInteger } from './cli-error';

export interface UpstreamArguments {
  upstream?: string;
  tokenFile?: string;
  timeoutMs?: string;
  allowWrites?: boolean;
}

/**
 * Proxy mode from the command line and the environment: UPSTREAM_URL,
 * UPSTREAM_TOKEN (or UPSTREAM_TOKEN_FILE) and UPSTREAM_TIMEOUT_MS mean the same
 * as the options. A token file must be readable by its owner only.
 */
export function upstreamOptions(
  args: UpstreamArguments,
  env = process.env,
): ProxiedApi | undefined {
  const address = args.upstream ?? env.UPSTREAM_URL;
  if (!address) return undefined;
  let upstream: URL;
  try {
    upstream = new URL(address);
  } catch {
    throw new CliError(
      `--upstream must be an http(s) address such as https://example.instance.com (got ${JSON.stringify(address)})`,
    );
  }
  if (upstream.protocol !== 'https:' && upstream.protocol !== 'http:') {
    throw new CliError(`--upstream must use http or https (got ${upstream.protocol})`);
  }
  if (upstream.username || upstream.password || upstream.search || upstream.hash) {
    throw new CliError(
      '--upstream takes the instance address only: no credentials, query or fragment',
    );
  }
  const timeoutMs =
    parseInteger('upstream-timeout', args.timeoutMs ?? env.UPSTREAM_TIMEOUT_MS, 100, 600_000) ??
    15_000;
  const heldToken = readHeldToken(args.tokenFile ?? env.UPSTREAM_TOKEN_FILE, env.UPSTREAM_TOKEN);
  if (args.allowWrites && !heldToken) {
    throw new CliError(
      '--allow-writes is for a server that holds the instance token (--upstream-token-file); without one, each person signs in with their own',
    );
  }
  return {
    kind: 'proxy',
    upstream,
    timeoutMs,
    ...(heldToken ? { heldToken, allowWrites: args.allowWrites === true } : {}),
  };
}

function readHeldToken(
  file: string | undefined,
  fromEnvironment: string | undefined,
): string | undefined {
  if (file) {
    let mode: number;
    try {
      mode = statSync(file).mode;
    } catch {
      throw new CliError(`the token file ${file} cannot be read`);
    }
    if ((mode & 0o077) !== 0) {
      throw new CliError(
        `the token file ${file} can be read by other users; run: chmod 600 ${file}`,
      );
    }
    const token = readFileSync(file, 'utf8').trim();
    if (!token) throw new CliError(`the token file ${file} is empty`);
    return token;
  }
  const token = fromEnvironment?.trim();
  return token ? token : undefined;
}

/** What a server holding the instance token forwards, said at start-up; nothing without a held token. */
export function heldTokenWritesLine(api: ProxiedApi): string | undefined {
  if (api.heldToken === undefined) return undefined;
  return api.allowWrites
    ? 'Writes: updates, creates and deletes are forwarded with the token this server holds (--allow-writes)'
    : 'Writes: only lock and unlock are forwarded with the token this server holds; start with --allow-writes to forward updates, creates and deletes';
}
