import axe from 'axe-core';
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../../../../test-support/render-with-providers';
import { TypeAheadPicker } from './TypeAheadPicker';

test('while suggestions load, the picker says so in a way assistive technology may read', async () => {
  renderWithProviders(
    <TypeAheadPicker
      label="Owners"
      placeholder="Type a name"
      labelOf={(value) => value}
      values={[]}
      onChange={() => undefined}
      search="ada"
      onSearchChange={() => undefined}
      options={[]}
      optionsCurrent={false}
      loading
      emptyText="No owner has that name"
      readTyped={(text) => ({ value: text })}
      onFirstOpen={() => undefined}
    />,
  );
  expect(screen.getByRole('status', { name: 'Loading suggestions' })).toBeInTheDocument();
  // Colours are checked in the browser; here names, roles and the ARIA allowed on each.
  const audit = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(audit.violations.map((violation) => violation.id)).toEqual([]);
});
