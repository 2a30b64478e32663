import { useEffect } from 'react';

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
  document.title = specific ? `${specific} · ${appTitle}` : appTitle;
}

/** Sets the browser tab's title while the component is shown, e.g. "Revenue YoY · Calculated fields". */
export function useDocumentTitle(title: string, layer: TitleLayer = 'page') {
  useEffect(() => {
    titles[layer] = title;
    showTitle();
    return () => {
      if (titles[layer] === title) delete titles[layer];
      showTitle();
    };
  }, [title, layer]);
}
