import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCrosshair, IconInfoCircle } from '../../../components/icons/icons';
import type { Problem } from '../../../analysis/problem';
import { isValidStatus } from '../../../contract/field';
import { findingKey, problemKey } from '../expression/expression-marks';
import type { ExpressionPlace } from '../expression/use-expression-place';
import type { FieldExplanation } from '../explanation/use-field-explanation';
import { FindingItem } from './FindingItem';
import { plural } from '../../../components/plural';
import { listInWords } from '../explanation/source-names';

/**
 * Why the field is INVALID, in words, from the project's analyzer run here on the
 * instance's expression and the fields it nests, and what the lint rules find beside it.
 */
export function ProblemsSection({
  status,
  explanation,
  place,
  beyondExpression,
}: {
  /** The status the instance reports. */
  status: string;
  explanation: FieldExplanation;
  place: ExpressionPlace;
  /** What is wrong with the field outside its expression (beyond-expression.ts). */
  beyondExpression: readonly string[];
}) {
  const { problems, findings, cycleNote } = explanation;
  // The cycle is why an INVALID field is so when its text alone has no problem, as the
  // audit's Invalid finding says: the verdict tells it rather than "no problem".
  const cycleIsWhy = cycleNote !== undefined && !isValidStatus(status) && problems.length === 0;
  return (
    <section aria-labelledby="problems-heading">
      <Title order={3} size="h4" id="problems-heading" mb="xs">
        Problems and findings
      </Title>
      <Stack gap="sm">
        {cycleIsWhy ? (
          <Alert color="red" icon={<IconAlertTriangle />} title={`Why it is ${status}`}>
            The instance reports {status}. The field is part of a reference cycle, seen through the
            fields it nests:
            <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
              {cycleNote}
            </Text>
          </Alert>
        ) : (
          <Verdict
            status={status}
            problems={problems}
            hasFindings={findings.length > 0}
            beyondExpression={beyondExpression}
          />
        )}
        {cycleNote && !cycleIsWhy && (
          <Alert color="red" icon={<IconAlertTriangle />} title="A reference cycle">
            {cycleNote}
          </Alert>
        )}
        {problems.length > 0 && (
          <List spacing="xs" size="sm" aria-label="Problems" listStyleType="none">
            {problems.map((problem, index) => (
              <List.Item key={index}>
                <ProblemLine problem={problem} onShow={() => place.show(problemKey(index))} />
              </List.Item>
            ))}
          </List>
        )}
        {findings.length === 0 ? (
          <Text size="sm">
            {/* An id with no field is a problem too, but the expression still parses. */}
            {explanation.analysis.problems.length > 0
              ? 'Lint rules run once the expression parses.'
              : 'The lint rules find nothing to improve.'}
          </Text>
        ) : (
          <Stack gap="sm" role="list" aria-label="Lint findings">
            <Text size="sm" fw={600}>
              {plural(findings.length, 'lint finding', 'lint findings')}
            </Text>
            {findings.map((finding, index) => (
              <div role="listitem" key={`${finding.ruleId}:${finding.start}:${index}`}>
                <FindingItem
                  finding={finding}
                  onShow={
                    finding.end > finding.start ? () => place.show(findingKey(index)) : undefined
                  }
                />
              </div>
            ))}
          </Stack>
        )}
      </Stack>
    </section>
  );
}

function Verdict({
  status,
  problems,
  hasFindings,
  beyondExpression,
}: {
  status: string;
  problems: readonly Problem[];
  hasFindings: boolean;
  beyondExpression: readonly string[];
}) {
  const valid = isValidStatus(status);
  if (!valid && problems.length > 0) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={`Why it is ${status}`}>
        The instance reports {status}. The analyzer finds{' '}
        {plural(problems.length, 'problem', 'problems')} in the expression, marked in red above:
      </Alert>
    );
  }
  if (!valid) {
    return (
      <Alert
        color="yellow"
        icon={<IconInfoCircle />}
        title={`The instance reports ${status}, but the analyzer finds no problem`}
      >
        The expression reads as valid here. The instance may see what the text alone does not show:
        a reference cycle between fields, a function it does not offer, or a rule of its own.
        {hasFindings ? ' The lint findings below may point to the cause.' : ''}
      </Alert>
    );
  }
  if (problems.length > 0) {
    return (
      <Alert color="orange" icon={<IconInfoCircle />} title="The instance reports VALID">
        The analyzer is stricter here and finds {plural(problems.length, 'problem', 'problems')};
        another instance, or a later version, may refuse the expression.
      </Alert>
    );
  }
  if (beyondExpression.length > 0) {
    return (
      <Text size="sm">The expression is well formed, but {listInWords(beyondExpression)}.</Text>
    );
  }
  return <Text size="sm">The analyzer finds no problem in the expression.</Text>;
}

function ProblemLine({ problem, onShow }: { problem: Problem; onShow: () => void }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="var(--mantine-color-red-text)" style={{ overflowWrap: 'anywhere' }}>
        {problem.message}
      </Text>
      <div>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconCrosshair size={12} />}
          onClick={onShow}
        >
          Show in the expression
        </Button>
      </div>
    </Stack>
  );
}
