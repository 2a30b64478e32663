import { Button } from '@mantine/core';
import { memo } from 'react';
import { Link } from 'react-router-dom';

/**
 * Find and replace in the expressions of every field the table's filters and search
 * match, on all its pages: `to` opens the /fix page with the view in its address
 * (links/fix-link.ts). Memoized: the page draws it again only when the view changes.
 */
export const FindAndReplaceLink = memo(function FindAndReplaceLink({
  to,
  matching,
}: {
  to: string;
  matching: number;
}) {
  return (
    <Button
      component={Link}
      to={to}
      variant="default"
      flex="none"
      aria-label={`Find and replace in the ${matching.toLocaleString()} matching fields`}
    >
      Find and replace…
    </Button>
  );
});
