// Apart from search.ts's schemas: the fields table's first screen reads them and loads
// no zod (docs/web-app.md, "Loading").

export const SEARCH_LIMIT_MAX = 5000;
export const NAME_MAX_LENGTH = 256;
