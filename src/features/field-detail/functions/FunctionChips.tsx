import { Badge, Code, Group, Text, Title } from '@mantine/core';
import { describeFunction } from './operator-names';

export function FunctionChips({ functions }: { functions: string[] }) {
  return (
    <section aria-labelledby="functions-heading">
      <Title order={3} size="h4" id="functions-heading" mb="xs">
        Functions and operators
      </Title>
      {functions.length === 0 ? (
        <Text size="sm">The expression uses no functions or operators.</Text>
      ) : (
        <Group gap={6}>
          {functions.map((functionName) => {
            const { name, symbol } = describeFunction(functionName);
            return (
              <Badge
                key={functionName}
                variant={symbol ? 'outline' : 'light'}
                color={symbol ? 'grape' : 'blue'}
                tt="none"
                title={functionName}
                leftSection={symbol && <Code fz="sm">{symbol}</Code>}
              >
                {name}
              </Badge>
            );
          })}
        </Group>
      )}
    </section>
  );
}
