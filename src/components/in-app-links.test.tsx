import { fireEvent, screen } from '@testing-library/react';
import { Outlet } from 'react-router-dom';
import { afterEach, expect, test } from 'vitest';
import { currentUrl, renderWithProviders } from '../test-support/render-with-providers';
import { inAppLink, useInAppLinkClicks } from './in-app-links';

/** A page of plain links under one click handler, and the place they lead to. */
function Links() {
  const followInAppLinks = useInAppLinkClicks();
  return (
    <div onClick={followInAppLinks}>
      <a href="/start/there?why=plain" {...inAppLink}>
        In the app
      </a>
      <a href="/start/there?why=unmarked">Unmarked</a>
      <Outlet />
    </div>
  );
}

const childRoutes = [{ path: 'there', element: <p>Arrived</p> }];

let prevented: boolean[] = [];
const notePrevented = (event: MouseEvent) => prevented.push(event.defaultPrevented);
afterEach(() => {
  document.removeEventListener('click', notePrevented);
  prevented = [];
});

test('a plain click on a marked link goes through the router, with its search', async () => {
  const { user } = renderWithProviders(<Links />, { url: '/start', childRoutes });
  await user.click(screen.getByText('In the app'));
  expect(await screen.findByText('Arrived')).toBeTruthy();
  expect(currentUrl()).toBe('/start/there?why=plain');
});

test('a click for another tab, and a link not marked, are left to the browser', () => {
  const { router } = renderWithProviders(<Links />, { url: '/start', childRoutes });
  document.addEventListener('click', notePrevented);
  fireEvent.click(screen.getByText('In the app'), { ctrlKey: true });
  fireEvent.click(screen.getByText('In the app'), { button: 1 });
  fireEvent.click(screen.getByText('Unmarked'));
  expect(prevented).toEqual([false, false, false]);
  // The router stayed; the window's own address is the test DOM's to change, as a
  // browser follows the unmarked link itself (happy-dom does, jsdom did not).
  const { pathname, search } = router.state.location;
  expect(`${pathname}${search}`).toBe('/start');
  expect(screen.queryByText('Arrived')).toBeNull();
});
