import type { InstanceFile } from '../instance/instance-file';
import { INSTANCE_FORMAT, INSTANCE_VERSION } from '../instance/instance-file';
import type { DemoOptions } from './demo-options';
import { planDemoInstance } from './plan-demo-instance';

export type { DemoOptions } from './demo-options';

/** A realistic instance, identical for identical options. */
export function generateDemoInstance(options: DemoOptions): InstanceFile {
  const plan = planDemoInstance(options);
  return {
    format: INSTANCE_FORMAT,
    version: INSTANCE_VERSION,
    owners: plan.owners,
    dataSources: plan.dataSources,
    cards: plan.cards,
    fields: Array.from(plan.fields()),
  };
}
