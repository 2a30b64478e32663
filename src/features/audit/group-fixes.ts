import type { FindingKey, FindingSummary } from '../../contract/audit';
import type { FixTarget } from '../../links/fix-link';
import { groupFix } from '../../links/group-fix';

/** The fix of a whole finding, where one acts on every field of it (Fix these first offers it). */
export const findingFixes: Partial<Record<FindingKey, FixTarget>> = {
  unused: { workflow: 'cleanup' },
  'hidden-name-characters': { workflow: 'hidden-names' },
};

/** The workflow a finding's groups offer, if any of its groups offers one (links/group-fix.ts). */
export function groupsFix(finding: FindingSummary): FixTarget['workflow'] | undefined {
  for (const group of finding.groups) {
    const target = groupFix(finding.key, group.key);
    if (target) return target.workflow;
  }
  return undefined;
}

/** The id of a finding's section on the audit page, for links to its groups. */
export const findingSectionId = (key: FindingKey) => `finding-${key}`;
