import { useEffect, useRef } from 'react';

/** What every title ends with, and the whole title where nothing more specific is known. */
export const appTitle = 'Calculated fields';

/**
 * A page names itself; a dialog over it (the field drawer) names itself instead
 * while it is open. Two layers rather than a stack, because React runs a child's
 * effect before its parent's, so mount order cannot say which is on top.
 */
type TitleLayer = 'page' | 'dialog';

const titles: Partial<Record<TitleLayer, string>> = {};

function showTitle() {
  const specific = titles.dialog ?? titles.page;
  const title = specific ? `${specific} · ${appTitle}` : appTitle;
  // Each write tells the browser's process: not one for a title that stays.
  if (document.title !== title) document.title = title;
}

/** Sets the browser tab's title while the component is shown, e.g. "Revenue YoY · Calculated fields". */
export function useDocumentTitle(title: string, layer: TitleLayer = 'page') {
  const shown = useRef(title);
  // A new title replaces the one before in one write. Taking the old one away first
  // wrote the app's name in between: two writes per change.
  useEffect(() => {
    shown.current = title;
    titles[layer] = title;
    showTitle();
  }, [title, layer]);
  useEffect(
    () => () => {
      if (titles[layer] === shown.current) delete titles[layer];
      showTitle();
    },
    [layer],
  );
}
