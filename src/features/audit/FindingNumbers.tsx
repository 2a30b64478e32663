import { SimpleGrid } from '@mantine/core';
import type { FindingKey, Headline } from '../../contract/audit';
import { findingLink, statisticLink } from './drill-down-links';
import { NumberCard } from './NumberCard';

const numbers: Array<{ headline: keyof Headline; label: string; finding?: FindingKey }> = [
  { headline: 'total', label: 'Fields in the scan' },
  { headline: 'unused', label: 'Unused', finding: 'unused' },
  { headline: 'invalid', label: 'Invalid', finding: 'invalid' },
  { headline: 'brokenReferences', label: 'Broken references', finding: 'broken-references' },
  { headline: 'brokenDependencies', label: 'Broken dependencies', finding: 'broken-dependencies' },
  { headline: 'exactDuplicates', label: 'Exact duplicates', finding: 'exact-duplicates' },
  { headline: 'nearDuplicates', label: 'Near duplicates', finding: 'near-duplicates' },
  { headline: 'lint', label: 'With lint findings', finding: 'lint' },
  { headline: 'nested', label: 'Nested', finding: 'nested' },
  { headline: 'locked', label: 'Locked' },
];

/** The scan's headline numbers; each opens the fields table with exactly the fields it counts. */
export function FindingNumbers({ headline }: { headline: Headline }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
      {numbers.map(({ headline: name, label, finding }) => (
        <NumberCard
          key={name}
          value={headline[name]}
          label={label}
          to={
            finding ? findingLink(finding) : statisticLink(name === 'locked' ? 'locked' : 'total')
          }
          total={name === 'total' ? undefined : headline.total}
          problem={finding !== undefined && finding !== 'nested'}
        />
      ))}
    </SimpleGrid>
  );
}
