import type {
  CardRecord,
  DataSourceRecord,
  FieldRecordInput,
  OwnerRecord,
} from '../instance/instance-file';
import { demoScale } from './demo-mix';
import type { DemoOptions } from './demo-options';
import { resolveDemoOptions } from './demo-options';
import { generateCards } from './generate-cards';
import { generateDataSources } from './generate-data-sources';
import { generateFields } from './generate-fields';
import { generateOwners } from './generate-owners';
import { SeededRandom } from './seeded-random';

/** The small parts of an instance, plus its fields as a sequence that can be streamed. */
export interface DemoInstancePlan {
  owners: OwnerRecord[];
  dataSources: DataSourceRecord[];
  cards: CardRecord[];
  fieldCount: number;
  /** Yields the same fields, in id order, every time it is called. */
  fields(): Generator<FieldRecordInput>;
}

// Each part draws from its own stream, so changing how one part is generated
// does not reshuffle the others.
const ownerStream = 1;
const dataSourceStream = 2;
const cardStream = 3;
const fieldStream = 4;

/** Every twelfth card has no owner, so a hand-over by place meets one it cannot route. */
const CARD_WITHOUT_OWNER_EVERY = 12;

/** Owners taken in turn, as for data sources, from another starting point: a card's owner is seldom its data source's. */
function withCardOwner(
  card: CardRecord,
  index: number,
  owners: readonly OwnerRecord[],
): CardRecord {
  if ((index + 1) % CARD_WITHOUT_OWNER_EVERY === 0) return card;
  return { ...card, owner: owners[(index + 1) % owners.length]!.id };
}

export function planDemoInstance(options: DemoOptions): DemoInstancePlan {
  const { fields: fieldCount, seed, now } = resolveDemoOptions(options);
  const root = new SeededRandom(seed);
  const scale = demoScale(fieldCount);
  const owners = generateOwners(scale.owners, root.fork(ownerStream));
  const sources = generateDataSources(scale.dataSources, root.fork(dataSourceStream));
  const { cards, cardIdsBySource } = generateCards(scale.cards, sources, root.fork(cardStream));
  const context = { sources, owners, cardIdsBySource, now };
  return {
    owners,
    // Owners taken in turn, not from a random stream: the rest of the demo stays as it was.
    dataSources: sources.map((source, index) => ({
      ...source.record,
      owner: owners[index % owners.length]!.id,
    })),
    cards: cards.map((card, index) => withCardOwner(card, index, owners)),
    fieldCount,
    fields: () => generateFields(fieldCount, context, root.fork(fieldStream)),
  };
}
