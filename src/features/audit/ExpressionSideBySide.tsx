import { Code, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { ownerNamedWithId } from '../../contract/owner-words';
import { useDirectoryNames } from '../../api/directory/lookup-directory';
import type { FieldChange, FieldState } from '../../contract/audit';
import { changedPart } from './changed-part';
import classes from './ExpressionSideBySide.module.css';
import { UserText } from '../../components/UserText';

const parts: Array<{ key: keyof FieldState; label: string }> = [
  { key: 'name', label: 'Name' },
  { key: 'owner', label: 'Owner' },
  { key: 'status', label: 'Status' },
  { key: 'locked', label: 'Locked' },
];

/** The expression's edit alone: the words that went and came, with a little context. */
function ExpressionEdit({ was, is }: { was: string; is: string }) {
  const part = changedPart(was, is);
  return (
    <Code block className={classes.expression} aria-label="What changed in the expression">
      {part.cutBefore && '…'}
      {part.before}
      {part.removed && <del className={classes.removed}>{part.removed}</del>}
      {part.added && <ins className={classes.added}>{part.added}</ins>}
      {part.after}
      {part.cutAfter && '…'}
    </Code>
  );
}

/**
 * A change with both states: the parts that differ marked (owners by name where the
 * instance names them), the expression's edit alone, and both whole expressions on request.
 */
export function ExpressionSideBySide({ change }: { change: FieldChange }) {
  const { before, after } = change;
  const owners = [before?.owner, after?.owner].filter((owner) => owner !== undefined);
  const { names } = useDirectoryNames({ owners });
  const shown = (state: FieldState | undefined, key: keyof FieldState) => {
    if (state === undefined) return '—';
    if (key === 'locked') return state.locked ? 'yes' : 'no';
    if (key === 'owner') {
      const name = names.owners.get(state.owner)?.name;
      return name === undefined ? String(state.owner) : ownerNamedWithId(name, state.owner);
    }
    return String(state[key]);
  };
  const edited = before && after && before.expression !== after.expression;
  return (
    <Stack gap="xs">
      <Table verticalSpacing={2} aria-label={`What changed in field ${change.id}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parts.map(({ key, label }) => {
            const was = shown(before, key);
            const is = shown(after, key);
            return (
              <Table.Tr key={key} fw={was !== is ? 700 : undefined}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>
                  <UserText text={was} />
                </Table.Td>
                <Table.Td>
                  <UserText text={is} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {edited && (
        <Stack gap={2}>
          <Text size="xs" fw={600}>
            Expression: what changed
          </Text>
          <ExpressionEdit was={before.expression} is={after.expression} />
        </Stack>
      )}
      <details>
        <summary className={classes.summary}>
          {before && after && !edited ? 'Expression (unchanged)' : 'Whole expressions'}
        </summary>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" mt="xs">
          {(['before', 'after'] as const).map((side) => {
            const state = change[side];
            return (
              <Stack gap={2} key={side}>
                <Text size="xs" fw={600}>
                  Expression {side}
                </Text>
                <Code block className={classes.expression}>
                  {state ? state.expression : '(no field)'}
                </Code>
              </Stack>
            );
          })}
        </SimpleGrid>
      </details>
    </Stack>
  );
}
