import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { memo, useId } from 'react';
import { pageSizes } from '../../../links/table-address';
import type { PageSize } from '../../../links/table-address';

const controlLabels = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

const pageSizeChoices = pageSizes.map(String);

function describeRange(page: number, pageSize: number, shownRows: number, totalHits: number) {
  const total = `${totalHits.toLocaleString()} fields`;
  if (shownRows === 0) return total;
  const first = (page - 1) * pageSize + 1;
  return `Showing ${first.toLocaleString()}–${(first + shownRows - 1).toLocaleString()} of ${total}`;
}

/**
 * The pager's parts that change with the page size or the page count alone: a new page
 * of rows (each typed key) redraws the range, not these, unless they changed too.
 */
const PageSizeChoice = memo(function PageSizeChoice({
  pageSize,
  onPageSizeChange,
}: {
  pageSize: PageSize;
  onPageSizeChange: (pageSize: PageSize) => void;
}) {
  const pageSizeId = useId();
  return (
    <Group gap="xs">
      <Text component="label" htmlFor={pageSizeId} size="sm">
        Rows per page
      </Text>
      <NativeSelect
        id={pageSizeId}
        size="xs"
        data={pageSizeChoices}
        value={String(pageSize)}
        onChange={(event) => {
          const { value } = event.currentTarget;
          const size = pageSizes.find((candidate) => String(candidate) === value);
          if (size) onPageSizeChange(size);
        }}
      />
    </Group>
  );
});

const PageButtons = memo(function PageButtons({
  page,
  pageCount,
  onPageChange,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <Pagination
      total={pageCount}
      value={Math.min(page, pageCount)}
      onChange={onPageChange}
      withEdges
      size="sm"
      siblings={1}
      getControlProps={(control) => ({ 'aria-label': controlLabels[control] })}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
    />
  );
});

export const TablePager = memo(function TablePager({
  page,
  pageSize,
  totalHits,
  shownRows,
  onPageChange,
  onPageSizeChange,
}: {
  page: number;
  pageSize: PageSize;
  totalHits: number;
  shownRows: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(totalHits / pageSize));
  return (
    <Group justify="space-between" gap="sm" component="nav" aria-label="Pages">
      <Text size="sm" aria-live="polite">
        {describeRange(page, pageSize, shownRows, totalHits)}
      </Text>
      <Group gap="lg">
        <PageSizeChoice pageSize={pageSize} onPageSizeChange={onPageSizeChange} />
        <PageButtons page={page} pageCount={pageCount} onPageChange={onPageChange} />
      </Group>
    </Group>
  );
});
