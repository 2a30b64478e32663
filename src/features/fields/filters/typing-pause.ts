/**
 * Keys closer together than this are sent as one search. The server answers a
 * name search in milliseconds and a newer search cancels the one in flight, so
 * the pause only merges bursts (a held key, fast typing) and stays short enough
 * that the rows follow the last key within 100 ms (bench/results/browser.md).
 */
export const typingPauseMs = 40;
