import {
  Button,
  Checkbox,
  Fieldset,
  Group,
  Popover,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import { memo, useId } from 'react';
import { LayoutButton } from '../toolbar-buttons';
import { columnIdOf, columnLabelOf, fieldColumns } from './field-columns';
import {
  alwaysShownColumns,
  defaultTableLayout,
  findingColumns,
  isColumnShown,
} from './layout/table-layout';
import type { Density, FieldColumnId } from './layout/table-layout';
import type { TableLayoutControls } from './layout/use-table-layout';

const densityChoices: { value: Density; label: string }[] = [
  { value: 'comfortable', label: 'Comfortable' },
  { value: 'compact', label: 'Compact' },
];

/** The columns a person can choose between: all but the checkbox, in the table's order. */
const choosableColumns = fieldColumns.flatMap((def) => {
  const id = columnIdOf(def) as FieldColumnId;
  const label = columnLabelOf(def);
  return id === 'select' || !label ? [] : [{ id, label }];
});

/**
 * Shapes the fields table: which columns show, how dense the rows are, and a way
 * back to the defaults. On a phone the table shows a fixed set of columns, and says so.
 */
export const TableLayoutMenu = memo(function TableLayoutMenu({
  controls,
  phone,
}: {
  controls: TableLayoutControls;
  phone: boolean;
}) {
  const { layout, setLayout, resetLayout } = controls;
  const densityLabel = useId();
  const showColumn = (id: FieldColumnId, shown: boolean) =>
    setLayout((current) => ({ ...current, columns: { ...current.columns, [id]: shown } }));
  const resized = Object.keys(layout.sizes).length > 0;
  const changed = JSON.stringify(layout) !== JSON.stringify(defaultTableLayout);

  return (
    <Popover position="bottom-end" width={280} trapFocus returnFocus shadow="md">
      <Popover.Target>
        <LayoutButton />
      </Popover.Target>
      <Popover.Dropdown mah="calc(100dvh - 140px)" style={{ overflowY: 'auto' }}>
        <Stack gap="md">
          {phone ? (
            <Text size="sm">
              On a narrow screen the table shows the name, lock, status and problems. Open a field
              for the rest.
            </Text>
          ) : (
            <Fieldset legend="Columns" variant="unstyled">
              <Stack gap={6} mt={4}>
                {choosableColumns.map(({ id, label }) => {
                  const always = alwaysShownColumns.includes(id);
                  return (
                    <Checkbox
                      key={id}
                      label={label}
                      description={
                        always
                          ? 'Always shown'
                          : findingColumns.includes(id)
                            ? 'In an audit finding’s fields'
                            : undefined
                      }
                      checked={isColumnShown(layout, id)}
                      disabled={always}
                      onChange={(event) => showColumn(id, event.currentTarget.checked)}
                    />
                  );
                })}
              </Stack>
            </Fieldset>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id={densityLabel}>
              Row density
            </Text>
            <SegmentedControl
              aria-labelledby={densityLabel}
              data={densityChoices}
              value={layout.density}
              onChange={(density) =>
                setLayout((current) => ({ ...current, density: density as Density }))
              }
            />
          </Stack>
          <Group gap="xs">
            {!phone && (
              <Button
                size="compact-sm"
                variant="default"
                disabled={!resized}
                onClick={() => setLayout((current) => ({ ...current, sizes: {} }))}
              >
                Reset widths
              </Button>
            )}
            <Button size="compact-sm" variant="subtle" disabled={!changed} onClick={resetLayout}>
              Reset all
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
});
