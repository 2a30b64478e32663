import { useCallback } from 'react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** A click that opens a link where it is, not in another tab or window. */
export function isPlainClick(event: MouseEvent) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/** Marks a plain `<a href>` that `useInAppLinkClicks` follows through the router. */
export const inAppLink = { 'data-in-app-link': '' } as const;

/**
 * One click handler, for the element around many plain in-app links (`<a href …{...inAppLink}>`):
 * a plain click on one goes through the router, as a router `Link` does, instead of
 * loading the app again. A page that draws hundreds of links then draws plain anchors:
 * each router `Link` resolves its path and subscribes to the location on every render.
 * Other clicks (a new tab, a download) are the browser's, as for any link.
 */
export function useInAppLinkClicks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || !isPlainClick(event)) return;
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-in-app-link]');
      const href = link?.getAttribute('href');
      if (!link || !href || !event.currentTarget.contains(link)) return;
      event.preventDefault();
      navigate(href);
    },
    [navigate],
  );
}
