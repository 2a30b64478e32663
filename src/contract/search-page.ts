import { z } from 'zod';
import { formatIssuePath } from './zod-issues';
import { searchResultItemSchema } from './field';
import type { SearchResultItem } from './field';
import { searchResponseSchema } from './search';

/** A row of a search page that could not be read: where it was and why. */
export interface UnreadableRow {
  /** 1-based place in the page's results. */
  position: number;
  /** The row's id, when it has one to show. */
  id?: string;
  problem: string;
}

const PROBLEM_MAX_LENGTH = 200;

function idOf(row: unknown): string | undefined {
  const id = (row as { id?: unknown } | null)?.id;
  return typeof id === 'number' || typeof id === 'string' ? String(id).slice(0, 40) : undefined;
}

/**
 * Each row read on its own: the rows that fit the contract, and for each that
 * does not, where it is and why. One odd field on an instance never hides the
 * others on its page (the tolerant reader, docs/api.md).
 */
export function readRows(rows: readonly unknown[]): {
  results: SearchResultItem[];
  unreadableRows: UnreadableRow[];
} {
  const results: SearchResultItem[] = [];
  const unreadableRows: UnreadableRow[] = [];
  rows.forEach((row, index) => {
    const read = searchResultItemSchema.safeParse(row);
    if (read.success) {
      results.push(read.data);
      return;
    }
    const issue = read.error.issues[0]!;
    const where = formatIssuePath(issue.path);
    unreadableRows.push({
      position: index + 1,
      id: idOf(row),
      problem: `${where ? `${where}: ` : ''}${issue.message}`.slice(0, PROBLEM_MAX_LENGTH),
    });
  });
  return { results, unreadableRows };
}

/** A search answer as the app reads it: the page's shape strictly, its rows one by one. */
export const searchPageSchema = searchResponseSchema
  .extend({ results: z.array(z.unknown()) })
  .transform((page) => ({ ...page, ...readRows(page.results) }));
export type SearchPage = z.output<typeof searchPageSchema>;
