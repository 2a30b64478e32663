/**
 * How long after a typed key's search (sent from the key itself) other keys are taken
 * together as one search: none, only those that queued up before the task queue's next
 * turn (use-key-searches.ts). A search per key costs little: the server answers a name
 * search in milliseconds, and the page draws a view only once its answer is in (or
 * `rowsWaitMs` has passed), so views typed past before that are never drawn. A pause
 * of 40 ms put 40 ms between the last key and its rows (bench/results/browser.md).
 */
export const typingPauseMs = 0;
