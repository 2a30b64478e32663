import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { FieldDetail } from '../../../api/calculated-fields/get-field';
import { LockUndoProvider } from '../../../api/calculated-fields/last-lock-undo';
import { FieldDetails } from '../FieldDetails';

function CurrentAddress() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

/** The drawer's content with the providers the app gives it, at /fields/:id?sort=name. */
export function renderDetails(detail: FieldDetail) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <LockUndoProvider>
          <MemoryRouter initialEntries={[`/fields/${detail.field.id}?sort=name`]}>
            <Routes>
              <Route path="/fields/:id" element={<FieldDetails detail={detail} />} />
            </Routes>
            <CurrentAddress />
          </MemoryRouter>
        </LockUndoProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
