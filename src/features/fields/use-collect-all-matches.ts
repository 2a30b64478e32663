import { useEffect, useRef, useState } from 'react';
import { collectAllMatches } from '../../api/calculated-fields/collect-all-matches';
import type {
  CollectOptions,
  CollectProgress,
} from '../../api/calculated-fields/collect-all-matches';
import type { SearchResultItem } from '../../contract/field';

export type MatchesSearch = Pick<CollectOptions, 'name' | 'filters'>;

/**
 * Gathers every match of a search with its progress, for as long as the component
 * lives: `collect` answers undefined when cancelled, and leaving the page cancels.
 */
export function useCollectAllMatches() {
  const [progress, setProgress] = useState<CollectProgress>();
  const running = useRef<AbortController>(undefined);
  useEffect(() => () => running.current?.abort(), []);

  const collect = async (search: MatchesSearch): Promise<SearchResultItem[] | undefined> => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setProgress({ loaded: 0, total: 0 });
    try {
      return await collectAllMatches({
        ...search,
        signal: controller.signal,
        onProgress: setProgress,
      });
    } catch (error) {
      if (controller.signal.aborted) return undefined;
      throw error;
    } finally {
      if (running.current === controller) {
        running.current = undefined;
        setProgress(undefined);
      }
    }
  };

  return { progress, collect, cancel: () => running.current?.abort() };
}
