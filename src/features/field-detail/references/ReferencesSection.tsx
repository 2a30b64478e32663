import {
  Anchor,
  Badge,
  Group,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fixLink } from '../../../links/fix-link';
import { plural } from '../../../components/plural';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { referenceUseKey } from '../expression/expression-marks';
import type { ExpressionPlace } from '../expression/use-expression-place';
import type { ReferenceCheck, ReferenceKind } from '../explanation/check-references';
import type { NestedField } from '../explanation/nested-fields';
import { NESTED_FIELD_CALL } from '../../../analysis/field-references';
import { listInWords, sourceName } from '../explanation/source-names';
import type { FieldExplanation } from '../explanation/use-field-explanation';
import { FieldMention } from '../../../components/FieldMention';

const kindLabels: Record<ReferenceKind, string> = {
  column: 'column',
  field: 'calculated field',
  missing: 'missing',
  unchecked: 'not checked',
  searching: 'reading…',
  unlinked: 'not checked',
};

const kindColors: Record<ReferenceKind, string> = {
  column: 'blue',
  field: 'grape',
  missing: 'red',
  unchecked: 'gray',
  searching: 'gray',
  unlinked: 'gray',
};

/**
 * Each column and each nested field once, with what it stands for and how often
 * it is used. A click on one shows its next use in the expression; pointing at it
 * lights all.
 */
export function ReferencesSection({
  explanation,
  place,
}: {
  explanation: FieldExplanation;
  place: ExpressionPlace;
}) {
  const [showPositions, setShowPositions] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const { uses, checks, kinds, nested } = explanation;
  const phone = usePhoneLayout();

  return (
    <section aria-labelledby="references-heading">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h4" id="references-heading">
          References
        </Title>
        {uses.length > 0 && (
          <Switch
            size="xs"
            label="Show positions"
            checked={showPositions}
            onChange={(event) => setShowPositions(event.currentTarget.checked)}
          />
        )}
      </Group>
      <VisuallyHidden aria-live="polite">{announcement}</VisuallyHidden>
      {uses.length === 0 ? (
        <Text size="sm">The expression references no columns or fields.</Text>
      ) : (
        // On a phone the uses go under the name, so nothing scrolls sideways.
        <Table.ScrollContainer minWidth={phone ? 0 : 420}>
          <Table withTableBorder verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">What it is</Table.Th>
                {!phone && <Table.Th scope="col">Uses</Table.Th>}
                {showPositions && <Table.Th scope="col">Positions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {uses.map(({ name, fieldId, uses: places }) => {
                const kind = kinds.get(name) ?? 'searching';
                const spoken = fieldId === undefined ? name : `${NESTED_FIELD_CALL}(${fieldId})`;
                const label = fieldId === undefined ? `\`${name}\`` : spoken;
                const step = place.steps[name];
                const stepping =
                  step !== undefined && place.current === referenceUseKey(name, step);
                const usesText = (
                  <>
                    {places.length === 1
                      ? 'used once'
                      : `used ${plural(places.length, 'time', 'times')}`}
                    {stepping && (
                      <Text span size="xs" c="dimmed">
                        {' '}
                        (showing {step + 1} of {places.length})
                      </Text>
                    )}
                  </>
                );
                return (
                  <Table.Tr key={name}>
                    <Table.Td>
                      <Stack gap={2} align="flex-start">
                        <Badge
                          component="button"
                          type="button"
                          variant={place.pointedName === name ? 'filled' : 'light'}
                          color={kindColors[kind]}
                          tt="none"
                          maw={phone ? 150 : 260}
                          title="Click to show its next use; point at it to see all its uses"
                          aria-label={`${label}, show its next use`}
                          onMouseEnter={() => place.point(name)}
                          onMouseLeave={() => place.point(undefined)}
                          onFocus={() => place.point(name)}
                          onBlur={() => place.point(undefined)}
                          onClick={() => {
                            const index = place.stepTo(name, places.length, (at) =>
                              referenceUseKey(name, at),
                            );
                            setAnnouncement(`${spoken}: use ${index + 1} of ${places.length}`);
                          }}
                          style={{ cursor: 'pointer' }}
                        >
                          {label}
                        </Badge>
                        {phone && <Text size="xs">{usesText}</Text>}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      {fieldId === undefined ? (
                        <ReferenceDescription
                          check={checks.get(name)}
                          kind={kind}
                          explanation={explanation}
                        />
                      ) : (
                        <NestedFieldDescription
                          nested={nested.find((item) => item.id === fieldId)}
                          kind={kind}
                        />
                      )}
                    </Table.Td>
                    {!phone && <Table.Td style={{ whiteSpace: 'nowrap' }}>{usesText}</Table.Td>}
                    {showPositions && (
                      <Table.Td ff="monospace" fz="xs">
                        {places.map((use) => use.start).join(', ')}
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

function KindBadge({ kind }: { kind: ReferenceKind }) {
  return (
    <Badge size="sm" variant="dot" color={kindColors[kind]} tt="none">
      {kindLabels[kind]}
    </Badge>
  );
}

function ReferenceDescription({
  check,
  kind,
  explanation,
}: {
  check: ReferenceCheck | undefined;
  kind: ReferenceKind;
  explanation: FieldExplanation;
}) {
  const { names } = explanation;
  const sources = (ids: readonly string[]) => listInWords(ids.map((id) => sourceName(names, id)));
  if (!check) return <KindBadge kind={kind} />;
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <KindBadge kind={kind} />
      </Group>
      {kind === 'unlinked' && (
        <Text size="xs">The field is linked to no data source to check it against.</Text>
      )}
      {check.columnOf.length > 0 && <Text size="xs">Column of {sources(check.columnOf)}.</Text>}
      {check.missingFrom.length > 0 && (
        <Text size="xs" c="var(--mantine-color-red-text)">
          Not a column of {sources(check.missingFrom)}.
        </Text>
      )}
      {check.uncheckedOn.length > 0 && (
        <Text size="xs">
          This instance does not list the columns of {sources(check.uncheckedOn)}, so whether it is
          one cannot be told here.
        </Text>
      )}
      <ColumnImpactLinks check={check} explanation={explanation} />
    </Stack>
  );
}

/**
 * The column's impact on each data source the field is linked to (every field that
 * uses it, at any depth, and their cards), where it can also be remapped.
 */
function ColumnImpactLinks({
  check,
  explanation,
}: {
  check: ReferenceCheck;
  explanation: FieldExplanation;
}) {
  const sources = [...check.columnOf, ...check.missingFrom, ...check.uncheckedOn];
  return sources.map((source) => {
    const name = sourceName(explanation.names, source);
    return (
      <Anchor
        key={source}
        component={Link}
        to={fixLink({ workflow: 'remap', dataSource: source, column: check.name })}
        size="xs"
        aria-label={`Impact and remap of \`${check.name}\` on ${name}`}
      >
        {sources.length === 1 ? 'Impact and remap…' : `Impact and remap on ${name}…`}
      </Anchor>
    );
  });
}

/** A field the expression nests by id: its name once read, or why there is none. */
function NestedFieldDescription({
  nested,
  kind,
}: {
  nested: NestedField | undefined;
  kind: ReferenceKind;
}) {
  const field = nested?.field;
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <KindBadge kind={kind} />
      </Group>
      {field && (
        <Group gap={4}>
          <FieldMention field={field} />
        </Group>
      )}
      {nested?.state === 'missing' && (
        <Text size="xs" c="var(--mantine-color-red-text)">
          No calculated field has the id {nested.id}: it was deleted, or never existed.
        </Text>
      )}
      {nested?.state === 'unread' && (
        <Text size="xs">Field {nested.id} could not be read, so its name is not shown.</Text>
      )}
    </Stack>
  );
}
