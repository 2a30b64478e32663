import classes from './SearchingBar.module.css';

/**
 * A thin bar that moves while the page's search is on its way, and keeps its place
 * (hidden) otherwise, so the table does not move when it shows. Mantine's animated
 * progress bar moved its stripes by painting the page again every frame, which on a
 * 5,000-row answer cost tens of milliseconds of the browser's main thread between
 * the answer and its rows (bench/support/browser-where-the-time-goes.md).
 */
export function SearchingBar({ active }: { active: boolean }) {
  return (
    <div
      className={classes.bar}
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!active}
      data-active={active || undefined}
    />
  );
}
