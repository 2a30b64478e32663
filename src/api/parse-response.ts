import type { z } from 'zod';
import { fieldErrorsOf } from '../contract/zod-issues';
import { ApiError } from './api-error';

const shownProblems = 3;

/**
 * Reads an answer with the contract's schema: an instance that answers another
 * shape fails loudly, naming what was unexpected and where, instead of showing
 * half a field or crashing a component later.
 */
export function parseResponse<S extends z.ZodType>(schema: S, data: unknown, path: string) {
  const result = schema.safeParse(data);
  if (result.success) return result.data as z.output<S>;
  const problems = fieldErrorsOf(result.error.issues);
  const listed = problems
    .slice(0, shownProblems)
    .map((problem) => `${problem.field}: ${problem.message}`);
  if (problems.length > shownProblems) listed.push(`and ${problems.length - shownProblems} more`);
  throw new ApiError(
    'unexpected',
    `The server's answer to ${path} is not what this app understands (${listed.join('; ')}).`,
  );
}
