import { NuqsAdapter } from 'nuqs/adapters/react-router/v7';
import { Outlet } from 'react-router-dom';

/** Lets pages keep their state in the address with nuqs, through the router. */
export function UrlStateRoot() {
  return (
    <NuqsAdapter>
      <Outlet />
    </NuqsAdapter>
  );
}
