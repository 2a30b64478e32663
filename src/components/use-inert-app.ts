import { useEffect } from 'react';

/**
 * While a drawer or dialog is open, the app behind it takes no focus, clicks or
 * screen-reader attention. The dialog itself renders in a portal outside `#root`.
 */
export function useInertApp(active: boolean): void {
  useEffect(() => {
    const app = document.getElementById('root');
    if (!active || !app) return;
    app.inert = true;
    return () => {
      app.inert = false;
    };
  }, [active]);
}
