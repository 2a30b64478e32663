/** Typing in these must never trigger a keyboard shortcut; checkboxes and switches may. */
export function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') {
    return true;
  }
  return (
    target.tagName === 'INPUT' && !['checkbox', 'radio'].includes((target as HTMLInputElement).type)
  );
}
