import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { DirectoryNames } from '../../../api/directory/lookup-directory';
import { noDirectory, useDirectoryNames } from '../../../api/directory/lookup-directory';
import type { SearchResultItem } from '../../../contract/field';
import { useValueAfterPaint } from '../../../components/use-value-after-paint';
import { shownResource } from './shown-resource';

const PageNames = createContext<DirectoryNames>(noDirectory);

const noFields: readonly SearchResultItem[] = [];

interface AskedIds {
  owners: ReadonlySet<number>;
  dataSources: ReadonlySet<string>;
  cards: ReadonlySet<string>;
}

/** The names learnt from the page's lookups so far, and every id they asked for, named or not. */
interface KnownNames {
  names: DirectoryNames;
  asked: AskedIds;
}

const nothingKnown: KnownNames = {
  names: noDirectory,
  asked: { owners: new Set(), dataSources: new Set(), cards: new Set() },
};

/**
 * How long a page's rows stay before the names they lack are asked for, after the
 * page's first rows (asked for at once). While a name is typed, each key's rows
 * replace the last within about 100 ms: asking for theirs cost requests and a drawing
 * of the rows per key, for names seen for a moment (bench/results/browser.md).
 */
export const namesWaitMs = 150;

/** Past this many ids asked for, what is known starts again: a long session keeps no more. */
const askedMax = 20_000;

/** The ids the rows name that no lookup of this page has asked for yet. */
function idsToAsk(fields: readonly SearchResultItem[], asked: AskedIds) {
  const owners = new Set<number>();
  const dataSources = new Set<string>();
  const cards = new Set<string>();
  for (const field of fields) {
    if (!asked.owners.has(field.owner)) owners.add(field.owner);
    const resource = shownResource(field.links);
    if (resource?.type === 'DATA_SOURCE' && !asked.dataSources.has(resource.id))
      dataSources.add(resource.id);
    else if (resource?.type === 'CARD' && !asked.cards.has(resource.id)) cards.add(resource.id);
  }
  return { owners, dataSources, cards };
}

/**
 * `value` once it has stayed `ms`, the one before until then. Written here rather than
 * taken from Mantine's hooks: that chunk passed the first screen's script budget.
 */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(() => value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function learn(known: KnownNames, ids: ReturnType<typeof idsToAsk>, answer: DirectoryNames) {
  const { owners, dataSources, cards } = known.asked;
  const from = owners.size + dataSources.size + cards.size > askedMax ? nothingKnown : known;
  return {
    names: {
      available: answer.available,
      owners: new Map([...from.names.owners, ...answer.owners]),
      dataSources: new Map([...from.names.dataSources, ...answer.dataSources]),
      cards: new Map([...from.names.cards, ...answer.cards]),
    },
    asked: {
      owners: new Set([...from.asked.owners, ...ids.owners]),
      dataSources: new Set([...from.asked.dataSources, ...ids.dataSources]),
      cards: new Set([...from.asked.cards, ...ids.cards]),
    },
  };
}

/**
 * Names for the owners, data sources and cards the page's rows show, asked for once
 * for the whole page (in batches, cached with the other directory lookups) rather
 * than row by row. Without the directory, or while they load, cells show ids.
 *
 * The rows are painted first and their names asked for after: on a page of 5,000
 * rows, gathering the ids and sending the lookup before the browser painted held the
 * rows back by tens of milliseconds. Names learnt for earlier pages are kept and shown
 * at once, and only ids not asked for before are looked up, once the rows have stayed
 * `namesWaitMs`: while a name was typed, each key's rows asked for every name again,
 * three requests and one more drawing of the rows per key (bench/results/browser.md).
 */
export function PageNamesProvider({
  fields,
  children,
}: {
  fields: readonly SearchResultItem[];
  children: ReactNode;
}) {
  const painted = useValueAfterPaint(fields, noFields);
  const settled = useSettled(painted, namesWaitMs);
  const [known, setKnown] = useState(nothingKnown);
  const named = known === nothingKnown ? painted : settled;
  const ids = idsToAsk(named, known.asked);
  const { query } = useDirectoryNames(ids);
  const [learnt, setLearnt] = useState(query.data);
  // Each answer joins what is known, as React advises, by setting state while rendering.
  if (query.data && query.data !== learnt) {
    setLearnt(query.data);
    setKnown(learn(known, ids, query.data));
  }
  return <PageNames value={known.names}>{children}</PageNames>;
}

export function usePageNames(): DirectoryNames {
  return useContext(PageNames);
}
