// Kept apart from the lock and its notifications, so that the app shell's providers
// load without them (the entry bundle's budget, vite.config.ts).
import { createContext, use, useState } from 'react';
import type { ReactNode } from 'react';

/** The last lock change that can still be undone, wherever on the page it was made. */
class LastUndo {
  private undo: (() => void) | undefined;

  offer(undo: () => void): void {
    this.undo = undo;
  }

  /** Withdraws `undo` if it is still the last one offered; any offer when not given. */
  withdraw(undo?: () => void): void {
    if (undo === undefined || this.undo === undo) this.undo = undefined;
  }

  /** Runs the last offer; false when there is none. */
  run(): boolean {
    if (!this.undo) return false;
    this.undo();
    return true;
  }
}

const LastUndoContext = createContext<LastUndo | null>(null);

/** Keeps the last lock change that can still be undone, for the keyboard shortcut. */
export function LockUndoProvider({ children }: { children: ReactNode }) {
  const [lastUndo] = useState(() => new LastUndo());
  return <LastUndoContext value={lastUndo}>{children}</LastUndoContext>;
}

export function useLastUndo(): LastUndo {
  const lastUndo = use(LastUndoContext);
  if (!lastUndo) throw new Error('A lock with Undo needs a LockUndoProvider above it');
  return lastUndo;
}

/**
 * Undoes the most recent lock change whose notification still offers Undo, made by any
 * `useLockWithUndo` below the same provider; false when there is none.
 */
export function useUndoLastLockChange(): () => boolean {
  const lastUndo = useLastUndo();
  return () => lastUndo.run();
}
