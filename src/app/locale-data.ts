/**
 * Loads the locale's data for dates and numbers. The first locale-aware formatter a
 * page makes loads it, 12 to 40 ms, and the fields page's first rows made theirs as
 * its code ran (bench/results/first-screen.md); asked for here, between tasks, it is
 * loaded while the main thread waits for that code.
 */
export function loadLocaleDataWhenIdle(): void {
  setTimeout(() => {
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0);
    new Intl.NumberFormat().format(0);
  }, 0);
}
