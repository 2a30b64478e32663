import { Group, Menu } from '@mantine/core';
import { memo } from 'react';
import { ExportButton } from '../toolbar-buttons';
import type { TableSort } from '../../../links/table-address';
import { CollectingProgress } from '../all-matches/CollectingProgress';
import { fieldCount } from '../../../components/plural';
import type { MatchesSearch } from '../../../api/calculated-fields/all-matches';
import { useExportFields } from './use-export-fields';

const noneSelected: readonly number[] = [];

/**
 * Exports all matches of the current search (not only the page), or the fields
 * selected. The button stays while an export runs (choosing again starts over) so
 * keyboard focus is never lost. Memoized: the fields page draws it again only when
 * the search, sort, count or selection change.
 */
export const ExportMenu = memo(function ExportMenu({
  search,
  sort,
  totalHits,
  selectedIds = noneSelected,
}: {
  search: MatchesSearch;
  sort: TableSort;
  totalHits: number;
  /** The selected fields, by id; empty when none is selected. */
  selectedIds?: readonly number[];
}) {
  const exporter = useExportFields(search, sort);
  return (
    <Group gap="sm" wrap="nowrap" flex="none">
      {exporter.running && (
        <CollectingProgress
          label="Exporting"
          progress={exporter.progress}
          counting={exporter.phase === 'reading' ? 'fields read' : undefined}
          onCancel={exporter.cancel}
        />
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ExportButton />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Export all {fieldCount(totalHits)} matching</Menu.Label>
          <Menu.Item onClick={() => void exporter.start({ what: 'matching', format: 'csv' })}>
            CSV (spreadsheet)
          </Menu.Item>
          <Menu.Item onClick={() => void exporter.start({ what: 'matching', format: 'json' })}>
            JSON
          </Menu.Item>
          {selectedIds.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Label>Export {fieldCount(selectedIds.length)} selected</Menu.Label>
              <Menu.Item
                aria-label={`CSV of the ${fieldCount(selectedIds.length)} selected`}
                onClick={() =>
                  void exporter.start({ what: 'selected', ids: selectedIds, format: 'csv' })
                }
              >
                CSV (spreadsheet)
              </Menu.Item>
              <Menu.Item
                aria-label={`JSON of the ${fieldCount(selectedIds.length)} selected`}
                onClick={() =>
                  void exporter.start({ what: 'selected', ids: selectedIds, format: 'json' })
                }
              >
                JSON
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
});
