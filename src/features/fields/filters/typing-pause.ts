/**
 * How long after a key its search goes out. None: the timer only lets the box show
 * the letter first, and merges keys that queued up meanwhile (a held key, fast typing
 * on a busy machine). A search per key costs little: the server answers a name search
 * in milliseconds, and the page draws a view only once its answer is in (or
 * `rowsWaitMs` has passed), so views typed past before that are never drawn. A pause
 * of 40 ms put 40 ms between the last key and its rows (bench/results/browser.md).
 */
export const typingPauseMs = 0;
