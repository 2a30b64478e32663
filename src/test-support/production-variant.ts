type Item = Record<string, unknown>;

/** The link type and id offset of the extra link each variant field carries. */
export const VARIANT_LINK_TYPE = 'VIEW';
export const VARIANT_LINK_ID_OFFSET = 9000;
/** A property production may add one day; the app must show the rest regardless. */
export const VARIANT_EXTRA_PROPERTY = 'sharingPolicy';

/**
 * A field (search result or full template) as production may send it, unlike this
 * project's service: every field gains a link of a type the app does not know
 * (`VIEW`) whose id is a number (in `links` and `activeLinks`), production's
 * template extras and a property nobody documented; every fourth `dataType` is
 * null and the next is absent; the field `malformedId` names has a text owner,
 * which the app cannot read. Deterministic by id, so tests can name what to expect.
 */
export function asProductionSends(item: Item, malformedId?: number): Item {
  const id = item.id as number;
  const extraLink = {
    resource: { type: VARIANT_LINK_TYPE, id: VARIANT_LINK_ID_OFFSET + id },
    visible: false,
    active: true,
    valid: 'VALID',
  };
  const variant: Item = {
    ...item,
    links: [...((item.links as unknown[] | undefined) ?? []), extraLink],
    certification: { state: 'CERTIFIED' },
    persistedOnDataSource: false,
    nonAggregatedColumns: [],
    [VARIANT_EXTRA_PROPERTY]: { scope: 'everyone' },
  };
  if (item.activeLinks !== undefined) {
    variant.activeLinks = {
      ...(item.activeLinks as Record<string, unknown>),
      [VARIANT_LINK_TYPE]: [VARIANT_LINK_ID_OFFSET + id],
    };
  }
  if (id % 4 === 0) variant.dataType = null;
  if (id % 4 === 1) delete variant.dataType;
  if (id === malformedId) variant.owner = 'someone';
  return variant;
}
