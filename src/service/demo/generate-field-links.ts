import type { LinkRecord } from '../instance/instance-file';
import type { DemoDataSource } from './demo-data-source';
import { demoMix } from './demo-mix';
import type { SeededRandom } from './seeded-random';

/** Links of one field: its data source and, often, cards built on that same data source. */
export function generateFieldLinks(
  source: DemoDataSource,
  cardIds: readonly string[],
  random: SeededRandom,
): LinkRecord[] {
  const roll = random.next();
  if (roll < demoMix.noLinks) return [];
  if (roll < demoMix.noLinks + demoMix.cardLinksOnly) return cardLinks(cardIds, random);
  const links = [link('DATA_SOURCE', source.record.id, random)];
  if (random.chance(demoMix.alsoOnCards)) links.push(...cardLinks(cardIds, random));
  return links;
}

function cardLinks(cardIds: readonly string[], random: SeededRandom): LinkRecord[] {
  return random.sample(cardIds, random.int(1, 3)).map((id) => link('CARD', id, random));
}

function link(type: LinkRecord['type'], id: string, random: SeededRandom): LinkRecord {
  return {
    type,
    id,
    visible: random.chance(demoMix.linkVisible),
    active: random.chance(demoMix.linkActive),
  };
}
