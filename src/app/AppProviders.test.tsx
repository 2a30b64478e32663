import { notifications } from '@mantine/notifications';
import { act, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '../test-support/render-with-providers';

// The notices' container loads with the first notice, not as the app starts: loaded
// at the start, it was among the scripts fetched before the fields page's first row.

const containerRoot = () => document.querySelector('.mantine-Notifications-root');

test('no notices’ container until a notice is shown; the first notice is then shown in it', async () => {
  renderWithProviders(<p>A page</p>);
  await screen.findByText('A page');
  // Long enough for a container loaded at the start to have mounted.
  await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
  expect(containerRoot()).toBeNull();

  act(() => {
    notifications.show({ message: 'Locked Revenue' });
  });
  expect(await screen.findByText('Locked Revenue')).toBeInTheDocument();
  expect(containerRoot()).not.toBeNull();
  act(() => notifications.clean());
});
