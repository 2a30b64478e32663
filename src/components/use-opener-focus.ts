import { useState } from 'react';

/**
 * For a dialog mounted already open: gives focus back to what had it when the dialog
 * opened (the button that opened it). Mantine returns focus only for a dialog whose
 * `opened` changes after its first render; without this, closing left the focus on
 * the page's body. Call the answer once the dialog has closed.
 */
export function useOpenerFocus(): () => void {
  const [opener] = useState(() => document.activeElement);
  return () => {
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  };
}
