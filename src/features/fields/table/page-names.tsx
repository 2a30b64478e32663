import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { DirectoryNames } from '../../../api/directory/lookup-directory';
import { noDirectory, useDirectoryNames } from '../../../api/directory/lookup-directory';
import type { SearchResultItem } from '../../../contract/field';

const PageNames = createContext<DirectoryNames>(noDirectory);

/**
 * Names for the owners, data sources and cards of the page's rows, asked for once
 * for the whole page (in batches, cached with the other directory lookups) rather
 * than row by row. Without the directory, or while they load, cells show ids.
 */
export function PageNamesProvider({
  fields,
  children,
}: {
  fields: readonly SearchResultItem[];
  children: ReactNode;
}) {
  const links = fields.flatMap((field) => field.links);
  const idsOf = (type: string) =>
    links.filter((link) => link.resource.type === type).map((link) => link.resource.id);
  const { names } = useDirectoryNames({
    owners: fields.map((field) => field.owner),
    dataSources: idsOf('DATA_SOURCE'),
    cards: idsOf('CARD'),
  });
  return <PageNames value={names}>{children}</PageNames>;
}

export function usePageNames(): DirectoryNames {
  return useContext(PageNames);
}
