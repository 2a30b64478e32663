import type { DerivedField, DerivedUpdate } from '../fields/derive-fields';
import type { CardRecord, DataSourceRecord, OwnerRecord } from '../instance/instance-file';

/** An import after validation and derivation: ready to be written as it is. */
export interface PreparedImport {
  owners: OwnerRecord[];
  dataSources: DataSourceRecord[];
  cards: CardRecord[];
  fields: DerivedField[];
  /** Stored fields the import leaves alone but whose links, status or references change. */
  updates: DerivedUpdate[];
}
