import { generateDemoInstance } from '../../demo/generate-demo-instance';
import { importInstance } from '../../instance/import-instance';
import { openStore } from '../../store/open-store';
import type { FieldFacts } from '../findings/field-facts';
import { factsOf } from '../findings/field-facts';

/** Facts of a seeded demo instance, as a scan reads them: links, nested references, problems and lint among them. */
export function demoFacts(fields: number, seed: number): FieldFacts[] {
  const instance = generateDemoInstance({ fields, seed });
  const stores = openStore(':memory:');
  try {
    importInstance(stores.fields, instance);
    return instance.fields.map((field) => factsOf(stores.fields.getField(field.id)!));
  } finally {
    stores.close();
  }
}
