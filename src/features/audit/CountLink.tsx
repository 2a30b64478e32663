import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';

/**
 * A count in a table that opens the fields it counts: a router link with Mantine's
 * anchor look, without an `Anchor` component per cell. The audit page draws a few
 * hundred of them, and each `Anchor` (a `Text`, a `Box`) resolved its styles on
 * every render (docs/audit.md, "The audit page").
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
    <Link to={to} className={Anchor.classes.root} data-underline="hover" aria-label={label}>
      {children}
    </Link>
  );
}
