import { useCallback, useState, useSyncExternalStore } from 'react';

/** Narrower than this, tables take their phone layout (a 390 px phone, not a 768 px tablet). */
const phoneQuery = '(max-width: 40em)';

/**
 * Whether the screen is a phone's width; follows rotation and window resizing.
 *
 * The query is made once per component and then read. Mantine's `useMediaQuery` calls
 * `matchMedia` again on every render, and the fields page renders several times per
 * typed key (docs/web-app.md, "Typing").
 */
export function usePhoneLayout(): boolean {
  const [query] = useState(() => window.matchMedia(phoneQuery));
  const subscribe = useCallback(
    (onChange: () => void) => {
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => query.matches);
}
