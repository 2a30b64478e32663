import { Group, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { FieldFindingCause, FindingField } from '../../../contract/audit';
import { isValidStatus } from '../../../contract/field';
import { StatusBadge } from '../../../components/StatusBadge';
import { FieldLink } from '../../../components/FieldLink';
import { UserText } from '../../../components/UserText';
import { sharedNames } from '../../../components/shared-names';

const noName: ReadonlySet<string> = new Set();

/**
 * A field a finding names: a link to its drawer, INVALID marked as the table marks it,
 * and its id beside a name another field named with it shares (`shared`).
 */
function NamedField({
  field,
  shared = noName,
}: {
  field: FindingField;
  shared?: ReadonlySet<string>;
}) {
  if (field.name === undefined) return <>field {field.id}</>;
  return (
    <Group
      component="span"
      gap={4}
      wrap="nowrap"
      display="inline-flex"
      style={{ verticalAlign: 'middle' }}
    >
      <FieldLink id={field.id}>
        <UserText text={field.name} />
        {shared.has(field.name) && ` (field ${field.id})`}
      </FieldLink>
      {field.status !== undefined && !isValidStatus(field.status) && (
        <StatusBadge status={field.status} />
      )}
    </Group>
  );
}

/** A name may be 256 characters without a space: the sentence breaks inside it rather than run past the drawer. */
const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** Why a finding holds for the field: the broken field a dependency leads to, or the other copies. */
export function FindingCause({ cause }: { cause: FieldFindingCause }) {
  if (cause.kind === 'others') {
    const shared = sharedNames(cause.fields.map((field) => ({ name: field.name ?? '' })));
    return (
      <Text size="sm" component="div" style={wrapAnywhere}>
        The same as{' '}
        {cause.fields.map((field, index) => (
          <Fragment key={field.id}>
            {index > 0 && ', '}
            <NamedField field={field} shared={shared} />
          </Fragment>
        ))}
        {cause.more > 0 && ` and ${cause.more.toLocaleString()} more`}.
      </Text>
    );
  }
  const { broken, through, problem } = cause;
  return (
    <Text size="sm" component="div" style={wrapAnywhere}>
      Depends on <NamedField field={broken} />
      {through.length > 0 && (
        <>
          {' '}
          through{' '}
          {through.map((field, index) => (
            <Fragment key={field.id}>
              {index > 0 && ' → '}
              <NamedField field={field} />
            </Fragment>
          ))}
        </>
      )}
      , {whyBroken(broken, problem?.message)}
    </Text>
  );
}

function whyBroken(broken: FindingField, problem: string | undefined): string {
  if (broken.name === undefined) return 'which does not exist.';
  const state =
    broken.status !== undefined && !isValidStatus(broken.status)
      ? `which is ${broken.status}`
      : 'which has a broken reference';
  return problem === undefined ? `${state}.` : `${state}: ${problem}.`;
}
