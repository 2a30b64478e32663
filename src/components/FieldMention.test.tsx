import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../test-support/render-with-providers';
import { FieldMention } from './FieldMention';

test('another field named in the drawer says it is archived or not VALID before it is followed', async () => {
  renderWithProviders(
    <ul>
      <li data-testid="plain">
        <FieldMention field={{ id: 1, name: 'Revenue', archived: false, status: 'VALID' }} />
      </li>
      <li data-testid="retired">
        <FieldMention field={{ id: 2, name: 'Old Revenue', archived: true, status: 'INVALID' }} />
      </li>
    </ul>,
  );
  expect(await screen.findByRole('link', { name: 'Revenue' })).toHaveAttribute('href', '/fields/1');
  expect(screen.getByTestId('plain')).toHaveTextContent(/^Revenue$/);
  expect(screen.getByTestId('retired')).toHaveTextContent('archived');
  expect(screen.getByTestId('retired')).toHaveTextContent('INVALID');
});
