import type { Link } from '../../../contract/field';

/**
 * The linked resource a row names (LinkedResourcesCell): the field's first data source,
 * or without one its first card. The page looks up names for these alone.
 */
export function shownResource(links: readonly Link[]): Link['resource'] | undefined {
  return (
    links.find((link) => link.resource.type === 'DATA_SOURCE') ??
    links.find((link) => link.resource.type === 'CARD')
  )?.resource;
}
