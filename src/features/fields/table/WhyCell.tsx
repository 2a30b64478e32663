import { UserText } from '../../../components/UserText';
import {
  mantineClasses as m,
  textSizeStyle,
} from '../../../components/plain-mantine/mantine-markup';
import { useLazyTooltip } from '../../../components/use-lazy-tooltip';
import { useFindingNotes } from './finding-notes';
import classes from './field-columns.module.css';

/**
 * What the audit finding the table is narrowed to says of this field (the note the
 * drawer and the export's Findings column give), on one line cut short. The whole
 * note shows in a tooltip on hover and when keyboard focus reaches it.
 */
export function WhyCell({ id }: { id: number }) {
  const note = useFindingNotes()?.[String(id)];
  return note === undefined ? null : <FindingNote note={note} />;
}

function FindingNote({ note }: { note: string }) {
  const { targetProps, tooltip } = useLazyTooltip<HTMLSpanElement>(
    <span className={classes.wholeNote}>
      <UserText text={note} />
    </span>,
  );
  return (
    <>
      {/* Focusable, so a keyboard reaches the whole note as a pointer does. */}
      <span
        {...targetProps}
        className={`${m.text} ${classes.note}`}
        data-size="sm"
        style={textSizeStyle.sm}
        tabIndex={0}
      >
        <UserText text={note} />
      </span>
      {tooltip}
    </>
  );
}
