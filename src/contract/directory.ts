import { z } from 'zod';
import { commaSeparatedIds } from './id-list';
import { DIRECTORY_IDS_MAX, directoryKinds } from './directory-query';
import type { DirectoryKind } from './directory-query';
import { preview, previewKeys } from './preview';

// GET /functions/directory: this project's extension that names what fields point
// at (docs/api.md). A real instance does not offer it; the app then shows ids.

export {
  DIRECTORY_IDS_MAX,
  directoryKinds,
  directoryListQuery,
  directoryLookupQuery,
} from './directory-query';
export type { DirectoryKind } from './directory-query';

export const DIRECTORY_LIMIT_MAX = 500;
export const DIRECTORY_LIMIT_DEFAULT = 50;
export const DIRECTORY_NAME_MAX_LENGTH = 256;

export const ownerEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** False for a user who has left the instance's organisation; absent where not known. */
  active: z.boolean().optional(),
});
export type OwnerEntry = z.infer<typeof ownerEntrySchema>;

export const dataSourceEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Column names as expressions write them between backticks. */
  columns: z.array(z.string()),
});
export type DataSourceEntry = z.infer<typeof dataSourceEntrySchema>;

export const cardEntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  dataSourceId: z.string(),
});
export type CardEntry = z.infer<typeof cardEntrySchema>;

/**
 * Both forms answer this shape. A lookup fills each kind it asked for with the
 * entries found (unknown ids are left out); a list fills only its kind.
 */
export const directoryResponseSchema = z.object({
  owners: z.array(ownerEntrySchema),
  dataSources: z.array(dataSourceEntrySchema),
  cards: z.array(cardEntrySchema),
  /** Entries matching: of the list's kind, or every entry a lookup found. */
  totalHits: z.number().int(),
  hasMore: z.boolean(),
});
export type DirectoryResponse = z.infer<typeof directoryResponseSchema>;

/** What the service answers, after validation. */
export type DirectoryRequest =
  | { form: 'lookup'; owners: number[]; dataSources: string[]; cards: string[] }
  | { form: 'list'; kind: DirectoryKind; name: string; offset: number; limit: number };

const show = (value: unknown) => preview(value);

/** `a,b` or a repeated parameter: each id once, in the order first given. */
const idListSchema = (kind: DirectoryKind) =>
  commaSeparatedIds((issue) => `${kind} must be ids separated by commas (got ${show(issue.input)})`)
    .refine((ids) => ids.length <= DIRECTORY_IDS_MAX, {
      error: `${kind} may name at most ${DIRECTORY_IDS_MAX} ids; ask in several requests`,
    })
    .optional();

const ownerIdsSchema = idListSchema('owners').refine(
  (ids) => ids === undefined || ids.every((id) => /^\d{1,15}$/.test(id)),
  { error: 'owners must be numeric user ids separated by commas' },
);

const wholeNumber = (name: string, min: number, max: number) =>
  z
    .string({ error: `${name} must be a whole number from ${min} to ${max}` })
    .regex(/^\d{1,9}$/, { error: `${name} must be a whole number from ${min} to ${max}` })
    .transform(Number)
    .refine((value) => value >= min && value <= max, {
      error: `${name} must be a whole number from ${min} to ${max}`,
    })
    .optional();

const kindSchema = z
  .string({ error: `list must be one of ${directoryKinds.join(', ')}` })
  .refine((kind): kind is DirectoryKind => (directoryKinds as readonly string[]).includes(kind), {
    error: (issue) => `list must be one of ${directoryKinds.join(', ')} (got ${show(issue.input)})`,
  })
  .optional();

/** The query string of GET /functions/directory. */
export const directoryQuerySchema = z
  .strictObject(
    {
      owners: ownerIdsSchema,
      dataSources: idListSchema('dataSources'),
      cards: idListSchema('cards'),
      list: kindSchema,
      name: z
        .string({ error: 'name must be given once' })
        .max(DIRECTORY_NAME_MAX_LENGTH, {
          error: `name must be at most ${DIRECTORY_NAME_MAX_LENGTH} characters`,
        })
        .refine((name) => name.isWellFormed(), {
          error: 'name must be well-formed Unicode text (it holds a lone surrogate)',
        })
        .optional(),
      offset: wholeNumber('offset', 0, 1_000_000_000),
      limit: wholeNumber('limit', 1, DIRECTORY_LIMIT_MAX),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `the directory takes owners, dataSources, cards, or list with name, offset and limit (remove ${previewKeys(issue.keys)})`
          : 'the directory takes a query string',
    },
  )
  .transform((query, ctx): DirectoryRequest => {
    const asksIds =
      query.owners !== undefined || query.dataSources !== undefined || query.cards !== undefined;
    const listing =
      query.name !== undefined || query.offset !== undefined || query.limit !== undefined;
    if (query.list !== undefined && !asksIds) {
      return {
        form: 'list',
        kind: query.list as DirectoryKind,
        name: query.name ?? '',
        offset: query.offset ?? 0,
        limit: query.limit ?? DIRECTORY_LIMIT_DEFAULT,
      };
    }
    if (asksIds && query.list === undefined && !listing) {
      return {
        form: 'lookup',
        owners: (query.owners ?? []).map(Number),
        dataSources: query.dataSources ?? [],
        cards: query.cards ?? [],
      };
    }
    ctx.issues.push({
      code: 'custom',
      input: undefined,
      message: asksIds
        ? 'ask either for ids (owners, dataSources, cards) or for a list (list with name, offset, limit), not both'
        : 'ask for ids (e.g. ?owners=101,102 or ?dataSources=<id>) or for a list (e.g. ?list=owners&name=ada)',
    });
    return z.NEVER;
  });
