import { Alert, Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { useDirectoryNames } from '../../api/directory/lookup-directory';
import { findingRules } from '../../contract/audit';
import { plural } from '../../components/plural';
import { useDocumentTitle } from '../../components/use-document-title';
import { readFixTarget } from '../../links/fix-link';
import type { FixTarget } from '../../links/fix-link';
import { defaultTableView } from '../../links/table-address';
import type { TableView } from '../../links/table-address';
import { fieldsTableLink } from '../../links/table-link';
import { toSearchRequest } from '../../links/table-search';
import { CleanupPanel } from './CleanupPanel';
import { HandoverPanel } from './HandoverPanel';
import { HiddenNamesPanel } from './HiddenNamesPanel';
import { MergePanel } from './MergePanel';
import { RemapPanel } from './RemapPanel';
import { ReplacePanel } from './ReplacePanel';
import { FixIndex } from './FixIndex';
import { fixTitles } from './fix-titles';
import { ScanFirst } from './ScanFirst';
import { showHiddenCharacters } from '../../contract/hidden-characters';

const shownOwner = (name: string | undefined, id: number) =>
  name === undefined ? `owner ${id}` : showHiddenCharacters(name);

/** The departed owner by name once the instance names them; their id until then. */
function Handover({ from }: { from: number }) {
  const { names } = useDirectoryNames({ owners: [from] });
  return <HandoverPanel from={from} fromName={shownOwner(names.owners.get(from)?.name, from)} />;
}

/** Every field the table's view matches, on all its pages. */
function Replace({ view }: { view: TableView }) {
  const { limit: _limit, offset: _offset, ...search } = toSearchRequest(view);
  return (
    <Stack gap="xs">
      <Text size="sm">
        In every field the table's filters and search match.{' '}
        <Anchor component={Link} to={fieldsTableLink(view)} size="sm" underline="always">
          Show them in the table
        </Anchor>
      </Text>
      <ReplacePanel scope={{ search }} />
    </Stack>
  );
}

function Workflow({ target }: { target: FixTarget }) {
  switch (target.workflow) {
    case 'cleanup':
      return (
        <CleanupPanel
          rule={findingRules.unused}
          deleteArchivedToo={target.deleteArchivedToo === true}
        />
      );
    case 'merge':
      return <MergePanel group={{ finding: target.finding, key: target.group }} />;
    case 'remap':
      return <RemapPanel dataSourceId={target.dataSource} column={target.column} />;
    case 'handover':
      return <Handover from={target.from} />;
    case 'replace':
      return 'ids' in target ? (
        <Stack gap="xs">
          <Text size="sm">
            In the {plural(target.ids.length, 'selected field', 'selected fields')}.
          </Text>
          <ReplacePanel scope={{ ids: [...target.ids] }} />
        </Stack>
      ) : (
        <Replace view={{ ...defaultTableView, ...target.view }} />
      );
    case 'hidden-names':
      return (
        <HiddenNamesPanel
          rule={findingRules['hidden-name-characters']}
          group={target.group}
          ids={target.ids}
        />
      );
  }
}

/**
 * One fix, opened from its address (links/fix-link.ts), where the problem is shown.
 * The workflows' own headings are of the second level: they sit under this page's title.
 */
export function FixPage() {
  const [address] = useSearchParams();
  const target = readFixTarget(address);
  const title = 'workflow' in target ? fixTitles[target.workflow] : 'Fix';
  useDocumentTitle(title);
  return (
    <Stack p="md" gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Paper withBorder p="md">
        {'index' in target ? (
          <FixIndex />
        ) : 'refused' in target ? (
          <Stack gap="md">
            <Alert color="red" title="Nothing to fix here">
              {target.refused}
            </Alert>
            <FixIndex />
          </Stack>
        ) : (
          <ScanFirst>
            <Workflow target={target} />
          </ScanFirst>
        )}
      </Paper>
    </Stack>
  );
}
