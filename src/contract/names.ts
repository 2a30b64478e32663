import { z } from 'zod';
import { commaSeparatedIds } from './id-list';
import { NAME_IDS_MAX } from './name-paths';
import { preview, previewKeys } from './preview';

// Production's endpoints for names, used by its published clients (docs/api.md,
// "Names"). Outside the calculated-field API's base path. This project's service
// answers them from its instance data; a proxy forwards them.

export { NAME_IDS_MAX, namePaths } from './name-paths';

const userIdPattern = /^\d{1,15}$/;
/** Card urns and data source ids: short, and nothing that needs escaping in a path or query. */
const resourceIdPattern = /^[A-Za-z0-9_.:-]{1,100}$/;

/** `a,b` or a repeated parameter: each id once, in the order first given. */
function idListSchema(name: string, pattern: RegExp, what: string) {
  return commaSeparatedIds(() => `${name} must be ${what} separated by commas`)
    .refine((ids) => ids.length >= 1 && ids.length <= NAME_IDS_MAX, {
      error: `${name} must name 1 to ${NAME_IDS_MAX} ids; ask in several requests`,
    })
    .refine((ids) => ids.every((id) => pattern.test(id)), {
      error: (issue) =>
        `${name} must be ${what} separated by commas (got ${preview((issue.input as string[]).find((id) => !pattern.test(id)))})`,
    });
}

const unknownKeys = (takes: string) => (issue: z.core.$ZodRawIssue) =>
  issue.code === 'unrecognized_keys'
    ? `this takes ${takes} (remove ${previewKeys(issue.keys as string[])})`
    : 'this takes a query string';

/** GET /api/content/v3/users?id=1,2,3&includeDetails=true */
export const usersQuerySchema = z.strictObject(
  {
    id: idListSchema('id', userIdPattern, 'numeric user ids'),
    includeDetails: z
      .enum(['true', 'false'], { error: 'includeDetails must be true or false' })
      .optional(),
  },
  { error: unknownKeys('id and includeDetails') },
);

const cardParts = ['metadata', 'owners'] as const;

/** GET /api/content/v1/cards?urns=a,b&parts=metadata (owners adds each card's owners) */
export const cardsQuerySchema = z.strictObject(
  {
    urns: idListSchema('urns', resourceIdPattern, 'card ids'),
    parts: z
      .string({ error: 'parts must be given once' })
      .transform((raw) => raw.split(',').map((part) => part.trim()))
      .refine((parts) => parts.every((part) => (cardParts as readonly string[]).includes(part)), {
        error: `parts must be ${cardParts.join(' or ')}, separated by commas`,
      })
      .optional(),
  },
  { error: unknownKeys('urns and parts') },
);

/** POST /api/data/v3/datasources/bulk?part=core */
export const dataSourcesQuerySchema = z.strictObject(
  { part: z.literal('core', { error: 'part must be core' }) },
  { error: unknownKeys('part=core') },
);

/** Its body: the data source ids, a JSON array. */
export const dataSourceIdsSchema = z
  .array(
    z.string({ error: 'each data source id is a string' }).regex(resourceIdPattern, {
      error: 'a data source id is letters, digits and _ . : - (at most 100)',
    }),
    { error: 'the body is a JSON array of data source ids' },
  )
  .min(1, { error: 'name at least one data source id' })
  .max(NAME_IDS_MAX, {
    error: `name at most ${NAME_IDS_MAX} data source ids; ask in several requests`,
  })
  .transform((ids) => [...new Set(ids)]);

// The answers, read tolerantly: an entry that cannot be read is left out, and the
// app shows that id instead of a name.

export interface UserName {
  id: number;
  displayName: string;
  /** False for a departed user; absent when the instance does not say. */
  active?: boolean;
}
export interface CardName {
  id: string;
  title: string;
}
export interface DataSourceName {
  id: string;
  name: string;
}

const textId = z.union([z.string(), z.number()]).transform(String);

const userEntrySchema = z
  .object({
    id: z.union([z.number().int(), z.string().regex(userIdPattern).transform(Number)]),
    displayName: z.string(),
    detail: z
      .object({ active: z.boolean().optional().catch(undefined) })
      .optional()
      .catch(undefined),
  })
  .transform(({ id, displayName, detail }): UserName => ({
    id,
    displayName,
    ...(detail?.active !== undefined && { active: detail.active }),
  }));
const cardEntrySchema = z.object({ id: textId, title: z.string() });
const dataSourceEntrySchema = z.object({ id: textId, name: z.string() });

function readable<T extends z.ZodType>(entry: T) {
  return z.array(z.unknown()).transform((entries) =>
    entries.flatMap((raw) => {
      const read = entry.safeParse(raw);
      return read.success ? [read.data as z.output<T>] : [];
    }),
  );
}

export const usersAnswerSchema = readable(userEntrySchema);
export const cardsAnswerSchema = readable(cardEntrySchema);
export const dataSourcesAnswerSchema = z
  .object({ dataSources: readable(dataSourceEntrySchema) })
  .transform((answer) => answer.dataSources);

// Owners of data sources and cards, for handing fields over by place. Production's
// published clients read a data source's `owner` and a card's `owners` (with
// `parts=owners`); an owner comes as a number, a digit string or an object with an
// `id`, and a card owner of a type other than USER (a group) is no person to hand to.

export interface DataSourceOwner {
  id: string;
  name?: string;
  /** Absent when the instance names no owner. */
  owner?: number;
}
export interface CardOwners {
  id: string;
  title?: string;
  /** The users among the card's owners, in the order given. */
  owners: number[];
}

const userId = z.union([
  z.number().int().positive(),
  z.string().regex(userIdPattern).transform(Number),
]);
const ownerId = z.union([userId, z.object({ id: userId }).transform((owner) => owner.id)]);

const dataSourceOwnerSchema = z
  .object({
    id: textId,
    name: z.string().optional().catch(undefined),
    owner: ownerId.optional().catch(undefined),
  })
  .transform(({ id, name, owner }): DataSourceOwner => ({
    id,
    ...(name !== undefined && { name }),
    ...(owner !== undefined && { owner }),
  }));

const cardOwnerSchema = z
  .object({ id: userId, type: z.string().optional() })
  .transform((owner) => (owner.type === undefined || owner.type === 'USER' ? owner.id : undefined));

const cardOwnersSchema = z
  .object({
    id: textId,
    title: z.string().optional().catch(undefined),
    owners: readable(cardOwnerSchema).catch([]),
  })
  .transform(({ id, title, owners }): CardOwners => ({
    id,
    ...(title !== undefined && { title }),
    owners: owners.filter((owner): owner is number => owner !== undefined),
  }));

export const dataSourceOwnersAnswerSchema = z
  .object({ dataSources: readable(dataSourceOwnerSchema) })
  .transform((answer) => answer.dataSources);
export const cardOwnersAnswerSchema = readable(cardOwnersSchema);
