import { Anchor } from '@mantine/core';
import { inAppLink } from '../../components/in-app-links';

/**
 * A count that opens the fields it counts: a plain anchor with Mantine's anchor look,
 * followed through the router by the page's one click handler (`useInAppLinkClicks`).
 * The audit page draws a few hundred of them; as `Anchor`s or router `Link`s each
 * did its own work on every render (docs/audit.md, "The audit page").
 */
export function CountLink({
  to,
  label,
  children,
}: {
  to: string;
  /** What the count is, for screen readers: "12 fields: Invalid, Jane Doe". */
  label: string;
  children: string;
}) {
  return (
    <a
      href={to}
      {...inAppLink}
      className={Anchor.classes.root}
      data-underline="hover"
      aria-label={label}
    >
      {children}
    </a>
  );
}
