/** Whether the keyboard's place is lost: the element that had focus went away or was disabled. */
export function focusLost(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

/**
 * Gives `element` the focus when nothing has it, as a button that started something
 * loses it once it is disabled or gone: the keyboard goes on from what it started.
 * A ref callback, so it runs once as the element is drawn.
 */
export function takeLostFocus(element: HTMLElement | null): void {
  if (element && focusLost()) element.focus();
}
