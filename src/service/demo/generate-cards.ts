import type { CardRecord } from '../instance/instance-file';
import type { DemoDataSource } from './demo-data-source';
import type { SeededRandom } from './seeded-random';

export interface DemoCards {
  cards: CardRecord[];
  /** Card ids per data source id, so fields can link cards built on their own data source. */
  cardIdsBySource: ReadonlyMap<string, readonly string[]>;
}

const cardsPerPage = 8;

/** Cards (ids `dr:<page>:<card>`) spread over the data sources, at least one on each. */
export function generateCards(
  count: number,
  sources: readonly DemoDataSource[],
  random: SeededRandom,
): DemoCards {
  const cards: CardRecord[] = [];
  const cardIdsBySource = new Map<string, string[]>(sources.map((s) => [s.record.id, []]));
  const pageIds = Array.from({ length: Math.ceil(count / cardsPerPage) }, (_, i) =>
    random.int(100_000 + i * 7_919, 100_000 + (i + 1) * 7_919 - 1),
  );
  let cardNumber = random.int(1_100_000_000, 1_200_000_000);
  for (let i = 0; i < count; i++) {
    const source = sources[i] ?? sources[random.skewedIndex(sources.length, 1.5)];
    if (!source) break;
    cardNumber += random.int(1, 40);
    const id = `dr:${random.pick(pageIds)}:${cardNumber}`;
    cards.push({ id, title: cardTitle(source, random), dataSourceId: source.record.id });
    cardIdsBySource.get(source.record.id)?.push(id);
  }
  return { cards, cardIdsBySource };
}

function cardTitle(source: DemoDataSource, random: SeededRandom): string {
  const { measures, categories, dates } = source.columns;
  const measure = random.pick(measures);
  const category = categories.length > 0 ? random.pick(categories).column : 'Category';
  const date = dates.length > 0 ? random.pick(dates) : 'Date';
  const name = source.record.name;
  return random.pick([
    () => `${measure} by ${category}`,
    () => `Monthly ${measure}`,
    () => `${measure} Trend by ${date}`,
    () => `Top 10 ${category} by ${measure}`,
    () => `${name} Summary`,
    () => `${name} Detail`,
    () => `${measure} vs ${measures.find((m) => m !== measure) ?? 'Target'}`,
    () => `${category} Breakdown`,
    () => `YTD ${measure}`,
    () => `${measure} KPI`,
    () => `Weekly ${name} Report`,
  ])();
}
