/** A problem the person at the command line can fix; printed without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

const durationUnits: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `90s`, `15m`, `1h`, `7d` in milliseconds, from `min` to `max` (each written in the message). */
export function parseDuration(
  option: string,
  raw: string,
  bounds: { min: number; max: number; shown: string },
): number {
  const match = /^(\d{1,6})(s|m|h|d)$/.exec(raw.trim());
  const ms = match ? Number(match[1]) * durationUnits[match[2]!]! : NaN;
  if (!(ms >= bounds.min && ms <= bounds.max)) {
    throw new CliError(
      `--${option} takes a number and a unit, s, m, h or d, ${bounds.shown} (got ${JSON.stringify(raw)})`,
    );
  }
  return ms;
}

export function parseInteger(
  option: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined;
  const value = /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new CliError(
      `--${option} must be an integer from ${min} to ${max} (got ${JSON.stringify(raw)})`,
    );
  }
  return value;
}
