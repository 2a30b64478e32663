import { useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { getSession, subscribeToSession } from '../api/session';

/** What sign-in needs to send the user back where they were. */
export interface SignInState {
  from?: string;
}

/**
 * Renders the app only with a token; otherwise, and as soon as one is refused, sends to
 * sign-in, which brings the person back to this place.
 */
export function RequireSession() {
  const session = useSyncExternalStore(subscribeToSession, getSession);
  const location = useLocation();
  if (session.token || session.heldByServer) return <Outlet />;
  // After a sign-out the place is the last person's: the next one starts afresh.
  const state: SignInState | undefined = session.signedOut
    ? undefined
    : { from: `${location.pathname}${location.search}` };
  return <Navigate to="/sign-in" replace state={state} />;
}
