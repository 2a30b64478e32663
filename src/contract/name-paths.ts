// Where production's names are asked for, apart from names.ts's schemas: the fields
// table's first screen asks for its owners' names and loads no zod.

export const namePaths = {
  users: '/api/content/v3/users',
  cards: '/api/content/v1/cards',
  dataSources: '/api/data/v3/datasources/bulk',
} as const;

/** Ids a call may name, as production allows. */
export const NAME_IDS_MAX = 100;
