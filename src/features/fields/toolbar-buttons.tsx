import { Badge, Button } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import {
  IconBookmark,
  IconChevronDown,
  IconDownload,
  IconFilter,
  IconLayoutColumns,
} from '../../components/icons/icons';
import { showHiddenCharacters } from '../../contract/hidden-characters';
import { UserText } from '../../components/UserText';

// The buttons the toolbar's menus open from. The first screen draws them before the
// menus' code loads (deferred-parts.tsx), and each menu draws the same one, so nothing
// moves when the menu takes the placeholder's place. Props a menu's target passes
// (its ref, click and aria attributes) go on to the button.

type TargetProps = ComponentPropsWithRef<'button'>;

export function FilterButton({ activeCount, ...target }: { activeCount: number } & TargetProps) {
  return (
    <Button
      variant="default"
      leftSection={<IconFilter size={16} />}
      rightSection={
        activeCount > 0 ? (
          <Badge size="sm" circle>
            {activeCount}
          </Badge>
        ) : null
      }
      {...target}
    >
      Filters
    </Button>
  );
}

export function ViewsButton({ shownName, ...target }: { shownName?: string } & TargetProps) {
  return (
    <Button
      variant="default"
      leftSection={<IconBookmark size={16} />}
      rightSection={<IconChevronDown size={14} />}
      aria-label={
        shownName === undefined ? 'Views' : `Views (showing ${showHiddenCharacters(shownName)})`
      }
      {...target}
    >
      {/* The name is user text; React renders it as text. */}
      {shownName === undefined ? (
        'Views'
      ) : (
        <span style={{ maxWidth: 180 }}>
          <UserText text={shownName} />
        </span>
      )}
    </Button>
  );
}

export function ExportButton(target: TargetProps) {
  return (
    <Button
      variant="default"
      size="sm"
      leftSection={<IconDownload size={16} aria-hidden />}
      rightSection={<IconChevronDown size={14} aria-hidden />}
      {...target}
    >
      Export
    </Button>
  );
}

export function LayoutButton(target: TargetProps) {
  return (
    <Button variant="default" leftSection={<IconLayoutColumns size={16} aria-hidden />} {...target}>
      Layout
    </Button>
  );
}
