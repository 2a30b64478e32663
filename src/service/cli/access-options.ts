import type { HostName } from '../server/same-origin-guard';
import { parseHostName } from '../server/same-origin-guard';
import { CliError, parseDuration } from './cli-error';

export interface AccessArguments {
  allowedHosts?: readonly string[];
  tokenTrust?: string;
}

export interface AccessSettings {
  allowedHosts: HostName[];
  tokenTrustMs?: number;
}

/**
 * Who may reach the server by which name, and how long a proxy trusts a token the
 * instance accepted. `--allowed-host` may be given more than once; ALLOWED_HOSTS
 * takes a comma-separated list, and TOKEN_TRUST the same as `--token-trust`.
 */
export function accessSettings(args: AccessArguments, env = process.env): AccessSettings {
  const hosts =
    args.allowedHosts && args.allowedHosts.length > 0
      ? args.allowedHosts
      : (env.ALLOWED_HOSTS ?? '').split(',').filter((host) => host.trim() !== '');
  const trust = args.tokenTrust ?? env.TOKEN_TRUST;
  return {
    allowedHosts: hosts.map((host) => {
      const name = parseHostName(host.trim().toLowerCase());
      if (!name) {
        throw new CliError(
          `--allowed-host takes a host name, with a port or without, such as fields.example.com or fields.example.com:8443 (got ${JSON.stringify(host)})`,
        );
      }
      return name;
    }),
    ...(trust === undefined
      ? {}
      : {
          tokenTrustMs: parseDuration('token-trust', trust, {
            min: 0,
            max: 3_600_000,
            shown: 'from 0s to 1h, such as 30s or 5m',
          }),
        }),
  };
}
