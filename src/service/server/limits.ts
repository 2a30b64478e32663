/** Largest request body the API reads (docs/api.md, errors). */
export const BODY_LIMIT_BYTES = 64 * 1024;
