import { useCallbackRef } from '@mantine/hooks';
import { useEffect, useRef } from 'react';
import { typingPauseMs } from './typing-pause';

/**
 * Sends a typed name's search from the key's own handler. Sent from a timer instead,
 * it waited behind the frame that drew the box and the previous key's rows, 6 to 64
 * ms under load (bench/results/browser.md). Keys handled before the task queue's next
 * turn queued up behind a busy page (or a held key): the first is sent at once, the
 * others as one search on that turn, so a burst costs two searches, not one each.
 */
export function useKeySearches(search: (name: string) => void) {
  // From a search sent until the queue's next turn: the last name typed meanwhile.
  const burst = useRef<{ timer: ReturnType<typeof setTimeout>; queued?: string }>(undefined);
  const cancel = useCallbackRef(() => {
    clearTimeout(burst.current?.timer);
    burst.current = undefined;
  });
  const flush = useCallbackRef(() => {
    const queued = burst.current?.queued;
    cancel();
    if (queued !== undefined) search(queued);
  });
  const send = useCallbackRef((name: string) => {
    if (burst.current) {
      burst.current.queued = name;
      return;
    }
    search(name);
    burst.current = { timer: setTimeout(flush, typingPauseMs) };
  });
  useEffect(() => cancel, [cancel]);
  return { send, flush, cancel };
}
