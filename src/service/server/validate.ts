import type { z } from 'zod';
import { fieldErrorsOf, summarize } from '../../contract/errors';
import { ApiError } from './api-error';

/** Parses with a contract schema, or throws a 400 that names every problem. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error.issues);
  throw new ApiError(400, summarize(errors), errors);
}

/** Path ids are positive integers written in decimal digits. */
export function parseFieldId(raw: string): number {
  const id = /^[0-9]{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) {
    throw new ApiError(
      400,
      `the calculated field id must be a positive integer (got ${JSON.stringify(raw.slice(0, 40))})`,
      [{ field: 'id', message: 'must be a positive integer' }],
    );
  }
  return id;
}
