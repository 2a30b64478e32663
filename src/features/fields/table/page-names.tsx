import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { DirectoryNames } from '../../../api/directory/lookup-directory';
import { noDirectory, useDirectoryNames } from '../../../api/directory/lookup-directory';
import type { SearchResultItem } from '../../../contract/field';
import { useValueAfterPaint } from '../../../components/use-value-after-paint';

const PageNames = createContext<DirectoryNames>(noDirectory);

const noFields: readonly SearchResultItem[] = [];

/**
 * Names for the owners, data sources and cards of the page's rows, asked for once
 * for the whole page (in batches, cached with the other directory lookups) rather
 * than row by row. Without the directory, or while they load, cells show ids.
 *
 * The rows are painted first and their names asked for after: on a page of 5,000
 * rows, gathering the ids and sending the lookup before the browser painted held the
 * rows back by tens of milliseconds. Meanwhile, and while the lookup is on its way,
 * the names already known stay on screen.
 */
export function PageNamesProvider({
  fields,
  children,
}: {
  fields: readonly SearchResultItem[];
  children: ReactNode;
}) {
  const named = useValueAfterPaint(fields, noFields);
  const links = named.flatMap((field) => field.links);
  const idsOf = (type: string) =>
    links.filter((link) => link.resource.type === type).map((link) => link.resource.id);
  const { names } = useDirectoryNames(
    {
      owners: named.map((field) => field.owner),
      dataSources: idsOf('DATA_SOURCE'),
      cards: idsOf('CARD'),
    },
    { keepKnownNames: true },
  );
  return <PageNames value={names}>{children}</PageNames>;
}

export function usePageNames(): DirectoryNames {
  return useContext(PageNames);
}
