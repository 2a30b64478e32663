// What a field's status and its links' validity mean, apart from field.ts's schemas: the
// fields table draws them on its first screen, which loads no zod (api/http-client.ts).

export const VALID = 'VALID';
export const ILLEGAL_REFERENCE = 'ILLEGAL_REFERENCE';
export const INVALID = 'INVALID';
/** The link type of a field this one nests (docs/expressions.md, nested references). */
export const FUNCTION_TEMPLATE = 'FUNCTION_TEMPLATE';

/** A field whose status is anything but VALID is invalid (instances may name other states). */
export function isValidStatus(status: string): boolean {
  return status === VALID;
}

/** A link is broken when its validity is anything but VALID, e.g. ILLEGAL_REFERENCE. */
export function isBrokenLink(link: { valid: string }): boolean {
  return link.valid !== VALID;
}
