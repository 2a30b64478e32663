import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../api/session';
import { setupMockApi } from '../api/test-support/mock-api';
import { currentUrl, renderWithProviders } from '../test-support/render-with-providers';
import { AppLayout } from './AppLayout';
import { RequireSession } from './RequireSession';
import type { SignInState } from './RequireSession';

setupMockApi();

beforeEach(() => startSession('token-for-tests', false));

/** Where sign-in would send the next person: the place kept for them, if any. */
function SignInProbe() {
  const from = (useLocation().state as SignInState | null)?.from;
  return <p>{`sign in, then ${from ?? 'the default page'}`}</p>;
}

test("a sign-out keeps no place for the next person: they do not land on the last one's search", async () => {
  const { user } = renderWithProviders(<RequireSession />, {
    url: '/fields?q=salaries',
    path: '/',
    childRoutes: [
      { element: <AppLayout />, children: [{ path: 'fields', element: <p>fields</p> }] },
    ],
    otherRoutes: [{ path: '/sign-in', element: <SignInProbe /> }],
  });
  await user.click(await screen.findByRole('button', { name: 'Sign out' }));
  expect(await screen.findByText('sign in, then the default page')).toBeInTheDocument();
  expect(currentUrl()).toBe('/sign-in');
});
