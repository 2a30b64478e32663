/**
 * The field id in an address such as `/fields/123`: a positive whole number written
 * plainly (no sign, exponent, spaces or leading zeros) that JavaScript holds exactly.
 */
export function parseFieldId(text: string | undefined): number | undefined {
  if (text === undefined || !/^[1-9]\d*$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}
