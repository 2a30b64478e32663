import { z } from 'zod';

/**
 * A query parameter that names ids: `a,b` or the parameter repeated. Each id once,
 * trimmed, in the order first given; empty parts dropped. Callers bound the count
 * and the ids' form with their own words.
 */
export const commaSeparatedIds = (error: z.core.$ZodErrorMap) =>
  z.union([z.string(), z.array(z.string())], { error }).transform((raw) => [
    ...new Set(
      [raw]
        .flat()
        .flatMap((part) => part.split(','))
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ]);
