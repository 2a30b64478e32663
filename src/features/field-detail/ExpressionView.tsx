import { CopyButton, Button, Group, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ColumnPosition } from '../../contract/field';
import { expressionSegments } from './expression-segments';
import classes from './ExpressionView.module.css';

/** The expression as text, with each column reference marked at its reported offset. */
export function ExpressionView({
  expression,
  columnPositions,
  activeColumn,
}: {
  expression: string;
  columnPositions: ColumnPosition[];
  /** The column whose uses stand out, e.g. while its chip is hovered. */
  activeColumn?: string;
}) {
  return (
    <section aria-labelledby="expression-heading">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4" id="expression-heading">
          Expression
        </Title>
        <CopyButton value={expression}>
          {({ copied, copy }) => (
            <Button
              size="compact-sm"
              variant={copied ? 'filled' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <pre className={classes.expression} data-testid="expression">
        {expressionSegments(expression, columnPositions).map((segment, index) =>
          segment.column ? (
            <span
              key={index}
              className={classes.column}
              data-column={segment.column}
              data-active={segment.column === activeColumn || undefined}
            >
              {segment.text}
            </span>
          ) : (
            segment.text
          ),
        )}
      </pre>
    </section>
  );
}
