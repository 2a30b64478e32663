import { z } from 'zod';

/** GET /functions/statistics: counts over the whole instance (docs/api.md). */
export const statisticsSchema = z.object({
  total: z.number().int(),
  onDatasets: z.number().int(),
  onCards: z.number().int(),
  inVisualizations: z.number().int(),
  locked: z.number().int(),
  invalid: z.number().int(),
  invalidLink: z.number().int(),
  archived: z.number().int(),
});
export type Statistics = z.infer<typeof statisticsSchema>;
export type Statistic = keyof Statistics;
