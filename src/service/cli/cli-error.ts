/** A problem the person at the command line can fix; printed without a stack trace. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
  }
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
