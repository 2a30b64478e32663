import { Code, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Span {
  start: number;
  end: number;
}

/** The text with the spans given marked; text only, never markup. */
function marked(text: string, spans: readonly Span[], label: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let from = 0;
  spans.forEach((span, index) => {
    parts.push(text.slice(from, span.start));
    parts.push(
      <mark key={index} aria-label={`${label}: ${text.slice(span.start, span.end)}`}>
        {text.slice(span.start, span.end)}
      </mark>,
    );
    from = span.end;
  });
  parts.push(text.slice(from));
  return parts;
}

/** An expression before and after a rewrite, side by side, the replaced parts marked. */
export function ExpressionDiff(props: {
  before: string;
  after: string;
  removed: readonly Span[];
  added: readonly Span[];
}) {
  const sides = [
    { title: 'Before', text: props.before, spans: props.removed, label: 'removed' },
    { title: 'After', text: props.after, spans: props.added, label: 'added' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
      {sides.map((side) => (
        <Stack gap={2} key={side.title}>
          <Text size="xs" fw={600}>
            {side.title}
          </Text>
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {marked(side.text, side.spans, side.label)}
          </Code>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
