import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

/** What an audit finding says of each field of the page, by field id (as text). */
export type FindingNotes = Readonly<Record<string, string>>;

const PageNotes = createContext<FindingNotes | undefined>(undefined);

/**
 * The notes the page's answer carries, or undefined where it carries none: the table
 * then has no Why column. Only a finding's fields come with notes, and only the
 * findings whose rule says something of each field give any (not Unused, the
 * duplicates or Inactive owners, whose group or title says it all).
 */
export function notesToShow(notes: FindingNotes | undefined): FindingNotes | undefined {
  return notes && Object.keys(notes).length > 0 ? notes : undefined;
}

/**
 * Hands the page's notes to the table's Why cells. Through context rather than the
 * rows: a row whose field did not change is not drawn again (FieldRow), though the
 * next finding's answer may say something else of that same field.
 */
export function FindingNotesProvider({
  notes,
  children,
}: {
  notes: FindingNotes | undefined;
  children: ReactNode;
}) {
  return <PageNotes value={notes}>{children}</PageNotes>;
}

export function useFindingNotes(): FindingNotes | undefined {
  return useContext(PageNotes);
}
