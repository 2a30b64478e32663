import type { FunctionUsage } from '../../../contract/audit-functions';
import type { Findings } from './compute-findings';

/** Counted once per set of findings: they are replaced, never changed, when the instance changes. */
const usageOfFindings = new WeakMap<Findings, FunctionUsage[]>();

/** Every function and operator the fields use, with how many fields use it; most used first. */
export function functionUsage(findings: Findings): FunctionUsage[] {
  let usage = usageOfFindings.get(findings);
  if (!usage) {
    const counts = new Map<string, number>();
    for (const field of findings.fields.values()) {
      for (const name of new Set(field.functions)) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    usage = [...counts]
      .map(([name, fields]) => ({ name, fields }))
      .sort((a, b) => b.fields - a.fields || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    usageOfFindings.set(findings, usage);
  }
  return usage;
}
