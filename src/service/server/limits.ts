/** Largest request body the API reads (docs/api.md, errors). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Largest change set or dry run the journal reads: up to 100,000 items of about
 * 60 bytes each (docs/api.md, "The journal").
 */
export const JOURNAL_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
