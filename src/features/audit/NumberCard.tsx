import { Paper } from '@mantine/core';
import { Link } from 'react-router-dom';
import { formatCount, formatShare } from './format';
import classes from './HeadlineNumbers.module.css';

interface NumberCardProps {
  value: number;
  label: string;
  /** Where the number leads: the fields table showing exactly what it counts. */
  to: string;
  /** The whole the share is of; without it, no share is shown (the total itself). */
  total?: number;
}

/** One audit number: a link with its count, its label and its share of all fields. */
export function NumberCard({ value, label, to, total }: NumberCardProps) {
  return (
    <Paper component={Link} to={to} withBorder p="md" className={classes.number}>
      {/* Plain spans: the page shows several of these cards, and their classes give the whole look. */}
      <span className={classes.value}>{formatCount(value)}</span>{' '}
      <span className={classes.label}>{label}</span>
      {total !== undefined && (
        <span className={classes.share} aria-hidden>
          {formatShare(value, total)} of all
        </span>
      )}
    </Paper>
  );
}

/** The place of a number that could not be counted: its label and why, not a link. */
export function UncountedNumberCard({ label, reason }: { label: string; reason: string }) {
  return (
    <Paper withBorder p="md" className={classes.number} data-uncounted>
      <span className={classes.value} aria-hidden>
        –
      </span>
      <span className={classes.label}>{label}</span>
      <span className={classes.reason}>Not counted: {reason}</span>
    </Paper>
  );
}
