import { notifications, notificationsStore } from '@mantine/notifications';
import { onSessionIdentityChange } from '../api/session';

/**
 * Calls `then` once a notice is shown, at once if one is: the notices' container loads
 * only then (AppProviders.tsx). Imported with import(), so that the entry holds no part
 * of the notifications package.
 */
export function onFirstNotice(then: () => void): () => void {
  if (notificationsStore.getState().notifications.length > 0) {
    then();
    return () => {};
  }
  const stop = notificationsStore.subscribe((state) => {
    if (state.notifications.length === 0) return;
    stop();
    then();
  });
  return () => void stop();
}

/**
 * Closes every notice when requests start being made for someone else (a sign-out,
 * another sign-in): a notice's action, such as a lock's Undo, belongs to the person
 * who made the change. Closed as by their close button, so each withdraws its offer.
 */
export function closeNoticesWhenSessionChanges(): () => void {
  return onSessionIdentityChange(() => {
    const { notifications: shown, queue } = notificationsStore.getState();
    for (const notice of [...shown, ...queue]) notifications.hide(notice.id!);
  });
}
