import { notificationsStore } from '@mantine/notifications';

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
