import { dirname, join, parse, resolve } from 'node:path';
import { DEFAULT_KEEP_SCANS, DEFAULT_SCAN_CONCURRENCY } from '../audit/open-audit';
import { CliError, parseInteger } from './cli-error';

export interface AuditArguments {
  auditData?: string;
  scanEvery?: string;
  keepScans?: string;
  scanConcurrency?: string;
}

export interface AuditSettings {
  file: string;
  keep: number;
  concurrency: number;
  scanEveryMs?: number;
}

const units: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** Scans further apart than this are not a schedule anyone means. */
const LONGEST_INTERVAL_MS = 366 * units.d!;
const SHORTEST_INTERVAL_MS = 10 * units.s!;

/** `90s`, `15m`, `1h`, `7d` in milliseconds. */
export function parseInterval(raw: string): number {
  const match = /^(\d{1,6})(s|m|h|d)$/.exec(raw.trim());
  const ms = match ? Number(match[1]) * units[match[2]!]! : NaN;
  if (!(ms >= SHORTEST_INTERVAL_MS && ms <= LONGEST_INTERVAL_MS)) {
    throw new CliError(
      `--scan-every takes a number and a unit, s, m, h or d, from 10s to 366d, such as 1h or 30m (got ${JSON.stringify(raw)})`,
    );
  }
  return ms;
}

/**
 * Where the audit keeps its scans and how often it scans. By default the audit's
 * file sits beside the store (`fields.sqlite` -> `fields.audit.sqlite`); in proxy
 * mode, in the data folder (`data/audit.sqlite`).
 */
export function auditSettings(
  args: AuditArguments,
  storeFile: string | undefined,
  env = process.env,
): AuditSettings {
  const raw = args.auditData ?? env.AUDIT_DATA_FILE;
  const beside = storeFile && join(dirname(storeFile), `${parse(storeFile).name}.audit.sqlite`);
  const file = resolve(raw ?? beside ?? join('data', 'audit.sqlite'));
  const every = args.scanEvery ?? env.SCAN_EVERY;
  return {
    file,
    keep:
      parseInteger('keep-scans', args.keepScans ?? env.KEEP_SCANS, 1, 10_000) ?? DEFAULT_KEEP_SCANS,
    concurrency:
      parseInteger('scan-concurrency', args.scanConcurrency ?? env.SCAN_CONCURRENCY, 1, 32) ??
      DEFAULT_SCAN_CONCURRENCY,
    ...(every ? { scanEveryMs: parseInterval(every) } : {}),
  };
}
