import { afterAll, beforeAll } from 'vitest';

/**
 * Browsers fire `selectionchange` as a task of its own; happy-dom fires it within the
 * change of selection. CodeMirror sets the selection while it updates the editor, and
 * hearing the event there, it starts another update, which it refuses ("Calls to
 * EditorView.update are not allowed while an update is in progress"): only once the
 * editor has focus, as it has on opening. For the tests of a file, the event comes once
 * the code that changed the selection has run, one for many changes, as in a browser.
 */
export function selectionChangeLater(): void {
  beforeAll(() => {
    const dispatch = document.dispatchEvent.bind(document);
    let queued = false;
    document.dispatchEvent = (event: Event) => {
      if (event.type !== 'selectionchange') return dispatch(event);
      // One event for the changes until it fires, as the Selection API says.
      if (!queued) {
        queued = true;
        setTimeout(() => {
          queued = false;
          dispatch(event);
        });
      }
      return true;
    };
  });
  afterAll(() => {
    // The document's own property goes; the prototype's method is its again.
    Reflect.deleteProperty(document, 'dispatchEvent');
  });
}
