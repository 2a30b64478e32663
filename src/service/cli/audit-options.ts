import { dirname, join, parse, resolve } from 'node:path';
import { DEFAULT_KEEP_SCANS, DEFAULT_SCAN_CONCURRENCY } from '../audit/open-audit';
import { parseDuration, parseInteger } from './cli-error';

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

/** Scans further apart than 366 days are not a schedule anyone means. */
export function parseInterval(raw: string): number {
  return parseDuration('scan-every', raw, {
    min: 10_000,
    max: 366 * 86_400_000,
    shown: 'from 10s to 366d, such as 1h or 30m',
  });
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
