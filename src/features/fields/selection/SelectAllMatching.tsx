import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { CollectingProgress } from '../all-matches/CollectingProgress';
import { fieldCount } from '../../../components/plural';
import { useCollectAllMatches } from '../../../api/calculated-fields/all-matches';
import type { MatchesSearch } from '../../../api/calculated-fields/all-matches';
import type { FieldSelectionControls } from './use-field-selection';

/**
 * Once the whole page is selected, offers every match of the search across all pages
 * (as mail clients do), gathering their ids page by page.
 */
export function SelectAllMatching({
  controls,
  search,
  searchKey,
  totalHits,
}: {
  controls: FieldSelectionControls;
  search: MatchesSearch;
  /** Identifies the search (name and filters): "all matching" holds only for it. */
  searchKey: string;
  totalHits: number;
}) {
  const { running, progress, collect, cancel } = useCollectAllMatches();

  if (running) {
    return (
      <CollectingProgress label="Selecting all matching" progress={progress} onCancel={cancel} />
    );
  }
  if (controls.selection.allMatching === searchKey) {
    return (
      <Text size="sm" c="dimmed">
        All {fieldCount(totalHits)} matching are selected.
      </Text>
    );
  }
  if (controls.pageState !== 'all' || totalHits <= controls.pageRows.length) return null;

  const selectAll = async () => {
    try {
      const matches = await collect(search);
      if (matches) controls.selectAllMatching(matches, searchKey);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'Not every match could be selected',
        message: error instanceof Error ? error.message : 'The search failed.',
        autoClose: 8000,
      });
    }
  };
  return (
    <Button size="compact-sm" variant="subtle" onClick={() => void selectAll()}>
      Select all {fieldCount(totalHits)} matching
    </Button>
  );
}
