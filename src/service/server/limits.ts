/** Largest request body the API reads (docs/api.md, errors). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Largest change set or dry run the journal reads: up to 100,000 items of about
 * 60 bytes each, about 150 with the version the dry run showed (`basedOn`), which the
 * app sends with every item it confirms (docs/api.md, "The journal").
 */
export const JOURNAL_BODY_LIMIT_BYTES = 20 * 1024 * 1024;
