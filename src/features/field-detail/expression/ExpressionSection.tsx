import { Button, CopyButton, Group, SegmentedControl, Text, Title } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconCheck, IconCopy } from '../../../components/icons/icons';
import { useMemo } from 'react';
import type { FieldExplanation } from '../explanation/use-field-explanation';
import type { LayoutChoice } from './expression-layout';
import { useExpressionLayout } from './expression-layout';
import { expressionLines } from './expression-lines';
import { expressionMarks } from './expression-marks';
import { ExpressionView } from './ExpressionView';
import type { ExpressionPlace } from './use-expression-place';

const layoutChoices = [
  { label: 'As written', value: 'written' },
  { label: 'Formatted', value: 'formatted' },
];

/** The expression first: as written or laid out for reading, with every mark in place. */
export function ExpressionSection({
  expression,
  explanation,
  place,
}: {
  expression: string;
  explanation: FieldExplanation;
  place: ExpressionPlace;
}) {
  const [choice, setChoice] = useLocalStorage<LayoutChoice>({
    key: 'cfm.expression-layout',
    defaultValue: 'written',
  });
  const layout = useExpressionLayout(expression, choice);
  const { uses, problems, findings, kinds } = explanation;
  const lines = useMemo(
    () => expressionLines(layout.text, expressionMarks({ uses, problems, findings }, layout)),
    [layout, uses, problems, findings],
  );

  return (
    <section aria-labelledby="expression-heading">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} size="h4" id="expression-heading">
          Expression
        </Title>
        <Group gap="xs">
          <SegmentedControl
            size="xs"
            aria-label="Layout"
            data={layoutChoices}
            value={choice}
            onChange={(value) => setChoice(value as LayoutChoice)}
          />
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
      </Group>
      <ExpressionView
        lines={lines}
        kinds={kinds}
        current={place.current}
        pointedName={place.pointedName}
      />
      <Text size="xs" c="dimmed" mt={4}>
        {expression.length.toLocaleString('en-US')} characters
        {choice === 'formatted' ? ', laid out for reading; Copy copies it as written' : ''}.
      </Text>
    </section>
  );
}
