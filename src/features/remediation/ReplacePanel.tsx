import { Checkbox, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ReplaceRequest } from '../../contract/workflows';
import { WorkflowPreviewPanel } from './WorkflowPreviewPanel';

/**
 * Find and replace in the expressions of the table's selection or of every field
 * its current search matches (docs/audit.md, "Find and replace").
 */
export function ReplacePanel({ scope }: { scope: ReplaceRequest['scope'] }) {
  const [find, setFind] = useState('');
  const [replace, setReplace] = useState('');
  const [regex, setRegex] = useState(false);
  const [matchCase, setMatchCase] = useState(false);
  const [codeOnly, setCodeOnly] = useState(true);
  const form = (
    <>
      <TextInput
        label="Find"
        value={find}
        onChange={(event) => setFind(event.currentTarget.value)}
      />
      <TextInput
        label="Replace with"
        description={regex ? '$1, $<name> and $& insert what the pattern caught' : undefined}
        value={replace}
        onChange={(event) => setReplace(event.currentTarget.value)}
      />
      <Group>
        <Checkbox
          label="Regular expression"
          checked={regex}
          onChange={(event) => setRegex(event.currentTarget.checked)}
        />
        <Checkbox
          label="Match case"
          checked={matchCase}
          onChange={(event) => setMatchCase(event.currentTarget.checked)}
        />
        <Checkbox
          label="Leave strings and comments alone"
          checked={codeOnly}
          onChange={(event) => setCodeOnly(event.currentTarget.checked)}
        />
      </Group>
    </>
  );
  return (
    <WorkflowPreviewPanel
      form={form}
      request={
        find === ''
          ? undefined
          : { workflow: 'replace', body: { find, replace, regex, matchCase, codeOnly, scope } }
      }
    />
  );
}
