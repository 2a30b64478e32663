import { IconAlertTriangle, IconArchive, IconLock } from '../../../components/icons/icons';
import { useLocation } from 'react-router-dom';
import { inAppLink } from '../../../components/in-app-links';
import { plural } from '../../../components/plural';
import type { Link as FieldLink, SearchResultItem } from '../../../contract/field';
import { isBrokenLink, isValidStatus } from '../../../contract/field-status';
import { usageOf } from '../../../contract/copy-orders';
import { linkStateOf } from '../../../contract/link-summary';
import { fieldAddress } from '../../../links/field-address';
import { InvalidIcon } from './InvalidIcon';
import { usePageNames } from './page-names';
import { shownResource } from './shown-resource';
import {
  dimmedColor,
  groupStyle,
  mantineClasses as m,
  textSizeStyle,
} from '../../../components/plain-mantine/mantine-markup';
import { NamedIdCell } from '../../../components/plain-mantine/NamedIdCell';
import { useLazyTooltip } from '../../../components/use-lazy-tooltip';
import { showHiddenCharacters } from '../../../contract/hidden-characters';
import { UserText } from '../../../components/UserText';

// The cells are plain elements with Mantine's classes (components/plain-mantine): the
// same look as Group, Text and Anchor without their per-element style work, which a
// page of rows multiplies (docs/web-app.md, "The fields table").

/** Icons keep their size when a long name is cut short. */
const iconStyle = { flexShrink: 0 };

// Made once: a row draws these elements, not the icons' components, again.
const lockedIcon = (
  <IconLock
    size={16}
    role="img"
    aria-label="Locked"
    color="var(--mantine-color-blue-text)"
    style={iconStyle}
  />
);
const invalidIcon = <InvalidIcon style={iconStyle} />;
const archivedIcon = <IconArchive size={16} aria-hidden style={iconStyle} />;

/**
 * The name links to the field's drawer, keeping the table's state in the URL. A plain
 * link: the table's body sends a plain click on it through the router
 * (`useInAppLinkClicks` in FieldRows), while a click with a modifier opens the address
 * as any link does. The
 * router's `Link` did the same per row at several times the cost, and every name is
 * drawn again with each change of the address (docs/web-app.md, "Typing").
 */
export function NameCell({ field }: { field: SearchResultItem }) {
  const { search } = useLocation();
  const invalid = !isValidStatus(field.status);
  return (
    <div className={m.group} style={groupStyle(6)}>
      {field.locked && lockedIcon}
      {invalid && invalidIcon}
      <a
        className={m.anchor}
        data-truncate="end"
        data-underline="hover"
        {...inAppLink}
        href={`${fieldAddress(field.id)}${search}`}
        title={showHiddenCharacters(field.name)}
      >
        <UserText text={field.name} />
      </a>
    </div>
  );
}

const noneStyle = { ...textSizeStyle.sm, color: dimmedColor };
const moreStyle = { ...textSizeStyle.xs, color: dimmedColor, flexShrink: 0 };
const shrinkingStyle = { minWidth: 0, overflow: 'hidden' };

export function LinksCell({ links }: { links: FieldLink[] }) {
  const broken = links.filter(isBrokenLink).length;
  return (
    <div className={m.group} style={groupStyle(6)}>
      <span>{links.length}</span>
      {broken > 0 && <BrokenLinksWarning broken={broken} />}
    </div>
  );
}

/** The warning beside the count, with what it means on hover and focus. */
function BrokenLinksWarning({ broken }: { broken: number }) {
  const label = `${plural(broken, 'link is', 'links are')} not VALID: the expression names something the link's data source lacks`;
  const { targetProps, tooltip } = useLazyTooltip<HTMLSpanElement>(label);
  return (
    <>
      <span {...targetProps} role="img" aria-label={label} className={m.group}>
        <IconAlertTriangle size={16} aria-hidden color="var(--mantine-color-red-text)" />
      </span>
      {tooltip}
    </>
  );
}

/** How many cards use the field: its active card links. */
export function UsageCell({ links }: { links: FieldLink[] }) {
  const cards = usageOf(links.map(linkStateOf));
  return <span title={plural(cards, 'active card', 'active cards')}>{cards}</span>;
}

function countOf(links: FieldLink[], type: string) {
  return links.filter((link) => link.resource.type === type).length;
}

/** The owner by name where the directory knows it (the id on hover and to copy), else the id. */
export function OwnerCell({ owner }: { owner: number }) {
  const name = usePageNames().owners.get(owner)?.name;
  return <NamedIdCell name={name} id={owner} what="owner" />;
}

/**
 * The first data source the field is linked to (or its first card) by name, and
 * how many more links there are.
 */
export function LinkedResourcesCell({ links }: { links: FieldLink[] }) {
  const names = usePageNames();
  const dataSources = countOf(links, 'DATA_SOURCE');
  const cards = countOf(links, 'CARD');
  const first = shownResource(links);
  if (!first) {
    return (
      <p className={m.text} data-size="sm" style={noneStyle}>
        None
      </p>
    );
  }
  const { id, type } = first;
  const isSource = type === 'DATA_SOURCE';
  const name = isSource ? names.dataSources.get(id)?.name : names.cards.get(id)?.title;
  const more = links.length - 1;
  const counts = `${plural(dataSources, 'source', 'sources')} · ${plural(cards, 'card', 'cards')}`;
  return (
    <div className={m.group} style={groupStyle(4)} title={counts}>
      {/* Shrinks before "+N" does, so the count stays in view. */}
      <div style={shrinkingStyle}>
        <NamedIdCell name={name} id={id} what={isSource ? 'data source' : 'card'} />
      </div>
      {more > 0 && (
        <p className={m.text} data-size="xs" style={moreStyle}>
          +{more}
          <span className={m.visuallyHidden}> more links: {counts}</span>
        </p>
      )}
    </div>
  );
}

export function ArchivedCell({ archived }: { archived: boolean }) {
  if (!archived) return null;
  return (
    <div className={m.group} style={groupStyle(4)}>
      {archivedIcon}
      <p className={m.text} data-size="sm" style={textSizeStyle.sm}>
        Archived
      </p>
    </div>
  );
}
