/**
 * Production creates a field only with a link to a data source or a card, so a deleted
 * field without one cannot be created again: its delete could not be undone. The
 * journal's dry run through a proxy skips such a delete, and the workflows' previews
 * say so first.
 */
export const NOT_RESTORABLE =
  'its delete could not be undone: the instance creates a field again only with a link to a data source or a card, and it has none; archive it instead';

/** A link a field is created again with: a nested field's link is the instance's to derive. */
export const restoresWith = (linkType: string) => linkType !== 'FUNCTION_TEMPLATE';

/**
 * Why a field with links of these types may not be deleted, or undefined when it may:
 * where deletes need a link (`deletesNeedLink`, said by the journal's target: production's
 * create needs one), a field without one could not be created again. The journal's dry
 * run and the workflows' previews both ask this.
 */
export function deleteRefusal(
  deletesNeedLink: boolean,
  linkTypes: readonly string[],
): string | undefined {
  return deletesNeedLink && !linkTypes.some(restoresWith) ? NOT_RESTORABLE : undefined;
}
