import type { DirectoryNames } from '../../../../api/directory/lookup-directory';
import type { DirectoryKind, DirectoryResponse } from '../../../../contract/directory';
import { isOwnerId } from '../../../../links/table-address';
import type { FieldFilters } from '../../../../links/table-address';
import type { PickerOption } from './TypeAheadPicker';

/** What differs between the owner, data-source and card pickers. */
export interface DirectoryPickerKind {
  kind: DirectoryKind;
  label: string;
  /** Placeholders: with the directory (names) and without it (ids). */
  placeholder: { names: string; ids: string };
  /** The suggestions of one page of the directory's list. */
  options: (page: DirectoryResponse) => PickerOption[];
  /** The name of a picked id, when the directory gave one. */
  nameOf: (names: DirectoryNames, id: string) => string | undefined;
  /** An id typed by hand, or why it cannot be one. */
  readTyped: (text: string) => { value: string } | { error: string };
  /** The filter that the picked ids set (owner ids are numbers there). */
  toFilter: (ids: string[]) => Partial<FieldFilters>;
}

const noSpaces = (text: string) => /^\S{1,200}$/.test(text);

export const ownerPicker: DirectoryPickerKind = {
  kind: 'owners',
  label: 'Owners',
  placeholder: { names: 'Type a name', ids: 'Type an owner id, e.g. 15914' },
  options: (page) =>
    page.owners.map((owner) => ({
      value: String(owner.id),
      label: owner.name,
      detail: String(owner.id),
    })),
  nameOf: (names, id) => names.owners.get(Number(id))?.name,
  readTyped: (text) =>
    isOwnerId(text) ? { value: text } : { error: 'An owner id is a whole number, e.g. 15914' },
  toFilter: (ids) => ({ owners: ids.map(Number) }),
};

export const dataSourcePicker: DirectoryPickerKind = {
  kind: 'dataSources',
  label: 'Data sources',
  placeholder: { names: 'Type a name', ids: 'Type a data source id' },
  options: (page) =>
    page.dataSources.map((source) => ({ value: source.id, label: source.name, detail: source.id })),
  nameOf: (names, id) => names.dataSources.get(id)?.name,
  readTyped: (text) =>
    noSpaces(text) ? { value: text } : { error: 'A data source id has no spaces' },
  toFilter: (dataSources) => ({ dataSources }),
};

export const cardPicker: DirectoryPickerKind = {
  kind: 'cards',
  label: 'Cards',
  placeholder: { names: 'Type a title', ids: 'Type a card id, e.g. dr:12:34' },
  options: (page) =>
    page.cards.map((card) => ({ value: card.id, label: card.title, detail: card.id })),
  nameOf: (names, id) => names.cards.get(id)?.title,
  readTyped: (text) =>
    /^dr:\d{1,15}:\d{1,15}$/.test(text)
      ? { value: text }
      : { error: 'A card id looks like dr:12:34' },
  toFilter: (cards) => ({ cards }),
};
