import type { CalculatedField } from '../../contract/field';
import type { CardRecord, DataSourceRecord, OwnerRecord } from '../instance/instance-file';

/** An import after validation and derivation: ready to be written as it is. */
export interface PreparedImport {
  owners: OwnerRecord[];
  dataSources: DataSourceRecord[];
  cards: CardRecord[];
  fields: CalculatedField[];
}
