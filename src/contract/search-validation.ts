import { z } from 'zod';
import { preview, previewKeys } from './preview';
import type { FlagFilter, ListFilter } from './search';
import {
  DEPENDENTS_FILTER,
  flagFilters,
  listFilters,
  NAME_MAX_LENGTH,
  SEARCH_LIMIT_MAX,
  sortFields,
} from './search';

// The service's reading of a search body: lenient where production is (filter
// names in any case, owner ids as digit strings, "*" for every name), strict
// everywhere else, and with a message for each mistake that says how to fix it.

/** A filter after validation: what the store answers. */
export type NormalizedFilter =
  | { kind: 'flag'; flag: FlagFilter; negated: boolean }
  | { kind: 'list'; field: 'owner'; values: number[] }
  | { kind: 'list'; field: Exclude<ListFilter, 'owner'>; values: string[] }
  /** `fieldId` is undefined when the value can be no field's id: nothing matches. */
  | { kind: 'dependents'; fieldId: number | undefined };

const acceptedFilterNames = `${flagFilters.join(', ')} (each also with the prefix "not"), inactive, ${DEPENDENTS_FILTER} (with value), and the list filters ${listFilters.join(', ')} (with idList)`;

const show = (value: unknown) => preview(value);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface FilterProblem {
  /** Path inside the filter object, e.g. ['idList']. */
  path: string[];
  message: string;
  /** The filter's name is not one we know: the accepted names are listed once for all such. */
  unknownName?: boolean;
}
type FilterResult = { filter: NormalizedFilter } | { problems: FilterProblem[] };

/** Validates one filter object; `where` names it in messages, e.g. `filters[2]`. */
export function normalizeFilter(raw: unknown, where: string): FilterResult {
  if (!isPlainObject(raw)) {
    return {
      problems: [
        {
          path: [],
          message: `${where} must be an object like {"field": "locked"} (got ${show(raw)})`,
        },
      ],
    };
  }
  if (typeof raw.field !== 'string' || raw.field === '') {
    return {
      problems: [
        {
          path: ['field'],
          message: `${where}.field must be a filter name; accepted: ${acceptedFilterNames}`,
        },
      ],
    };
  }
  const name = raw.field.toLowerCase();
  const extraKeys = (allowed: string[]) => Object.keys(raw).filter((key) => !allowed.includes(key));
  const unknownProperties = (allowed: string[], hint: string) =>
    extraKeys(allowed).map((key) => ({
      path: [key],
      message: `${where} has the unknown property ${preview(key, 40)}; ${hint}`,
    }));

  const list = listFilters.find((candidate) => candidate === name);
  if (list) {
    const problems = unknownProperties(
      ['field', 'idList'],
      `the ${list} filter takes only field and idList`,
    );
    const idList = raw.idList;
    if (!Array.isArray(idList) || idList.length === 0) {
      problems.push({
        path: ['idList'],
        message: `${where} (${list}) needs a non-empty idList array (got ${show(idList)})`,
      });
      return { problems };
    }
    if (list === 'owner') {
      const owners = idList.map((id) =>
        typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id,
      );
      if (!owners.every((id) => Number.isSafeInteger(id))) {
        problems.push({
          path: ['idList'],
          message: `${where}.idList must hold owner ids as integers (got ${show(idList)})`,
        });
      }
      return problems.length > 0
        ? { problems }
        : { filter: { kind: 'list', field: 'owner', values: owners as number[] } };
    }
    if (!idList.every((id) => typeof id === 'string' || typeof id === 'number')) {
      problems.push({
        path: ['idList'],
        message: `${where}.idList must hold strings (got ${show(idList)})`,
      });
    }
    return problems.length > 0
      ? { problems }
      : { filter: { kind: 'list', field: list, values: idList.map(String) } };
  }

  if (name === 'inactive') {
    const problems = unknownProperties(
      ['field', 'value'],
      'the inactive filter takes only field and value',
    );
    if (raw.value !== undefined && typeof raw.value !== 'boolean') {
      problems.push({
        path: ['value'],
        message: `${where}.value must be true or false (got ${show(raw.value)})`,
      });
    }
    return problems.length > 0
      ? { problems }
      : { filter: { kind: 'flag', flag: 'active', negated: raw.value !== false } };
  }

  if (name === DEPENDENTS_FILTER.toLowerCase())
    return dependentsFilter(raw, where, unknownProperties);

  const negated = name.startsWith('not');
  const flag = flagFilters.find((candidate) => candidate === (negated ? name.slice(3) : name));
  if (!flag) {
    return {
      problems: [
        {
          path: ['field'],
          message: `${where}.field ${show(raw.field)} is not a known filter`,
          unknownName: true,
        },
      ],
    };
  }
  const problems = unknownProperties(
    ['field'],
    `a flag filter such as ${show(raw.field)} takes only field`,
  );
  return problems.length > 0 ? { problems } : { filter: { kind: 'flag', flag, negated } };
}

function dependentsFilter(
  raw: Record<string, unknown>,
  where: string,
  unknownProperties: (allowed: string[], hint: string) => FilterProblem[],
): FilterResult {
  const problems = unknownProperties(
    ['field', 'value'],
    `the ${DEPENDENTS_FILTER} filter takes only field and value`,
  );
  const value = raw.value;
  if (typeof value !== 'string' && typeof value !== 'number') {
    problems.push({
      path: ['value'],
      message: `${where} (${DEPENDENTS_FILTER}) needs a value: the id of a field, as a number or a string (got ${show(value)})`,
    });
  }
  if (problems.length > 0) return { problems };
  return { filter: { kind: 'dependents', fieldId: fieldIdOf(value as string | number) } };
}

/** A positive integer id, or undefined for a value that can be no field's id. */
function fieldIdOf(value: string | number): number | undefined {
  const id = typeof value === 'number' ? value : /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

const filterListSchema = z
  .array(z.unknown(), {
    error: (issue) =>
      `filters is required: an array of filter objects, possibly empty (got ${show(issue.input)})`,
  })
  .transform((raw, ctx) => {
    const filters: NormalizedFilter[] = [];
    const refused: Array<{ index: number; problems: FilterProblem[] }> = [];
    raw.forEach((item, index) => {
      const result = normalizeFilter(item, `filters[${index}]`);
      if ('filter' in result) filters.push(result.filter);
      else refused.push({ index, problems: result.problems });
    });
    // The accepted names are said once, however many filters were wrong.
    const unknownNames = refused.flatMap(({ problems }) => problems.filter((p) => p.unknownName));
    if (unknownNames.length > 1) {
      ctx.issues.push({
        code: 'custom',
        message: `${unknownNames.length} filters are not known; accepted: ${acceptedFilterNames}`,
        input: undefined,
        path: [],
      });
    }
    for (const { index, problems } of refused) {
      for (const problem of problems) {
        const accepted = problem.unknownName && unknownNames.length === 1;
        ctx.issues.push({
          code: 'custom',
          message: accepted
            ? `${problem.message}; accepted: ${acceptedFilterNames}`
            : problem.message,
          input: undefined,
          path: [index, ...problem.path],
        });
      }
    }
    return filters;
  });

const sortFieldSchema = z
  .string({
    error: (issue) =>
      `sort.field must be one of ${sortFields.join(', ')} (got ${show(issue.input)})`,
  })
  .transform((raw, ctx) => {
    const field = sortFields.find((candidate) => candidate.toLowerCase() === raw.toLowerCase());
    if (!field) {
      ctx.issues.push({
        code: 'custom',
        input: raw,
        message: `sort.field must be one of ${sortFields.join(', ')} (got ${show(raw)})`,
      });
      return z.NEVER;
    }
    return field;
  });

const sortSchema = z.strictObject(
  {
    field: sortFieldSchema,
    ascending: z.boolean({
      error: (issue) => `sort.ascending must be true or false (got ${show(issue.input)})`,
    }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `sort takes only field and ascending (remove ${previewKeys(issue.keys)})`
        : `sort is required: {"field": one of ${sortFields.join(', ')}, "ascending": true or false} (got ${show(issue.input)})`,
  },
);

/** A published request collection sends "*" alone to list every field. */
export const normalizedName = (name: string) => (name === '*' ? '' : name);

const limitError = (issue: { input?: unknown }) =>
  issue.input === undefined
    ? `limit is required: an integer from 1 to ${SEARCH_LIMIT_MAX}`
    : `limit must be an integer from 1 to ${SEARCH_LIMIT_MAX} (got ${show(issue.input)})`;

export const searchRequestValidation = z.strictObject(
  {
    filters: filterListSchema,
    sort: sortSchema,
    limit: z
      .number({ error: limitError })
      .int({ error: limitError })
      .min(1, { error: limitError })
      .max(SEARCH_LIMIT_MAX, { error: limitError }),
    name: z
      .string({ error: (issue) => `name must be a string (got ${show(issue.input)})` })
      .max(NAME_MAX_LENGTH, { error: `name must be at most ${NAME_MAX_LENGTH} characters` })
      .refine((name) => name.isWellFormed(), {
        error: 'name must be well-formed Unicode text (it holds a lone surrogate)',
      })
      .transform(normalizedName)
      .optional(),
    offset: z
      .number({
        error: (issue) => `offset must be an integer of 0 or more (got ${show(issue.input)})`,
      })
      .int({
        error: (issue) => `offset must be an integer of 0 or more (got ${show(issue.input)})`,
      })
      .min(0, {
        error: (issue) => `offset must be an integer of 0 or more (got ${show(issue.input)})`,
      })
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `search takes filters, sort, limit, name and offset (remove ${previewKeys(issue.keys)})`
        : `the body must be a JSON object with filters, sort and limit (got ${show(issue.input)})`,
  },
);

/** The search body after validation, with normalized filters: what the store answers. */
export type NormalizedSearchRequest = z.output<typeof searchRequestValidation>;
