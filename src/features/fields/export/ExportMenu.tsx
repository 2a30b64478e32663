import { Button, Group, Menu } from '@mantine/core';
import { memo } from 'react';
import { IconChevronDown, IconDownload } from '../../../components/icons/icons';
import type { TableSort } from '../../../links/table-address';
import { CollectingProgress } from '../all-matches/CollectingProgress';
import { fieldCount } from '../../../components/plural';
import type { MatchesSearch } from '../../../api/calculated-fields/all-matches';
import { useExportFields } from './use-export-fields';

/**
 * Exports all matches of the current search, not only the page. The button stays
 * while an export runs (choosing again starts over) so keyboard focus is never lost.
 * Memoized: the fields page draws it again only when the search, sort or count change.
 */
export const ExportMenu = memo(function ExportMenu({
  search,
  sort,
  totalHits,
}: {
  search: MatchesSearch;
  sort: TableSort;
  totalHits: number;
}) {
  const exporter = useExportFields(search, sort);
  return (
    <Group gap="sm" wrap="nowrap" flex="none">
      {exporter.running && (
        <CollectingProgress
          label="Exporting"
          progress={exporter.progress}
          onCancel={exporter.cancel}
        />
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            rightSection={<IconChevronDown size={14} aria-hidden />}
          >
            Export
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>All {fieldCount(totalHits)} matching</Menu.Label>
          <Menu.Item onClick={() => void exporter.start('csv')}>CSV (spreadsheet)</Menu.Item>
          <Menu.Item onClick={() => void exporter.start('json')}>JSON</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
});
