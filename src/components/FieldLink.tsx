import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** Opens another field in the drawer, keeping the table's state behind it. */
export function FieldLink({ id, children }: { id: number; children: ReactNode }) {
  const { search } = useLocation();
  return (
    <Anchor component={Link} to={{ pathname: `/fields/${id}`, search }} size="sm">
      {children}
    </Anchor>
  );
}
