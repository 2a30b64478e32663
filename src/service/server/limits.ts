/** Largest request body the API reads (contract.md section 2). */
export const BODY_LIMIT_BYTES = 64 * 1024;
