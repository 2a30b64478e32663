import { useSyncExternalStore } from 'react';
import { builtinViews, isBuiltinViewName } from './builtin-views';
import type { SavedView, ViewLayout } from './saved-views-storage';
import {
  MAX_SAVED_VIEWS,
  MAX_VIEW_NAME_LENGTH,
  parseSavedViews,
  sameName,
  savedViewsStorageKey,
  serializeSavedViews,
} from './saved-views-storage';

const listeners = new Set<() => void>();
let lastText: string | null | undefined;
let lastViews: SavedView[] = [];

function readStored(): string | null {
  try {
    return localStorage.getItem(savedViewsStorageKey);
  } catch {
    return null;
  }
}

/** The same array while the stored text is the same, as useSyncExternalStore needs. */
function snapshot(): SavedView[] {
  const text = readStored();
  if (text !== lastText) {
    lastText = text;
    lastViews = parseSavedViews(text);
  }
  return lastViews;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab saving a view updates this one.
  const onStorage = (event: StorageEvent) => {
    if (event.key === savedViewsStorageKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Stores `views`; answers a message when the browser refuses (full or blocked storage). */
function store(views: SavedView[]): string | undefined {
  try {
    localStorage.setItem(savedViewsStorageKey, serializeSavedViews(views));
  } catch {
    return 'This browser did not let the view be stored. Free some space for this site, or allow it to store data.';
  }
  for (const listener of listeners) listener();
  return undefined;
}

/** Why `name` cannot name a view (other than `except`), or undefined when it can. */
export function problemWithName(
  name: string,
  views: readonly SavedView[],
  except?: string,
): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the view a name.';
  if (trimmed.length > MAX_VIEW_NAME_LENGTH) {
    return `A name has at most ${MAX_VIEW_NAME_LENGTH} characters (this one has ${trimmed.length}).`;
  }
  if (isBuiltinViewName(trimmed)) return `“${trimmed}” is a built-in view; choose another name.`;
  if (views.some((view) => sameName(view.name, trimmed) && !sameName(view.name, except ?? ''))) {
    return `A view named “${trimmed}” exists already.`;
  }
  return undefined;
}

/**
 * The views saved in this browser, and the ways to change them. Each change answers
 * a message when it could not be made, and undefined when it was.
 */
export function useSavedViews() {
  const views = useSyncExternalStore(subscribe, snapshot, () => lastViews);
  const current = () => snapshot();
  return {
    views,
    /** Saves `address` and `layout` as `name`, replacing the view of that name if there is one. */
    save(name: string, address: string, layout: ViewLayout): string | undefined {
      const existing = current();
      const replaced = existing.some((view) => sameName(view.name, name));
      const problem = problemWithName(name, replaced ? [] : existing);
      if (problem) return problem;
      if (!replaced && existing.length >= MAX_SAVED_VIEWS) {
        return `At most ${MAX_SAVED_VIEWS} views can be saved; delete one first.`;
      }
      const view = { name: name.trim(), address, layout };
      return store(
        replaced
          ? existing.map((other) => (sameName(other.name, name) ? view : other))
          : [...existing, view],
      );
    },
    rename(from: string, to: string): string | undefined {
      const existing = current();
      const problem = problemWithName(to, existing, from);
      if (problem) return problem;
      return store(
        existing.map((view) => (sameName(view.name, from) ? { ...view, name: to.trim() } : view)),
      );
    },
    remove(name: string): string | undefined {
      return store(current().filter((view) => !sameName(view.name, name)));
    },
  };
}

/** The built-in or saved view whose address is the one on screen, if any. */
export function useShownView(address: string): { name: string } | undefined {
  const saved = useSavedViews();
  return [...builtinViews, ...saved.views].find((view) => view.address === address);
}
