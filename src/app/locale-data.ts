/**
 * Loads the locale's data for dates and numbers. The first locale-aware formatter a
 * page makes loads it (12 to 40 ms), and the fields page made its first as its code
 * ran, on the way to its first rows (bench/results/first-screen.md). The app's entry
 * calls this while the page's code is still compiling, off the main thread.
 */
export function loadLocaleData(): void {
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0);
  new Intl.NumberFormat().format(0);
}
