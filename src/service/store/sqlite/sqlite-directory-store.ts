import type {
  CardEntry,
  DataSourceEntry,
  DirectoryKind,
  DirectoryRequest,
  DirectoryResponse,
  OwnerEntry,
} from '../../../contract/directory';
import type { CardAnswer, DirectoryStore, UserAnswer } from '../directory-store';
import type { Db } from './db';

interface DataSourceRow {
  id: string;
  name: string;
  columns: string;
}
interface CardRow {
  id: string;
  title: string;
  data_source_id: string;
}

const dataSourceEntry = (row: DataSourceRow): DataSourceEntry => ({
  id: row.id,
  name: row.name,
  columns: JSON.parse(row.columns) as string[],
});
const cardEntry = (row: CardRow): CardEntry => ({
  id: row.id,
  title: row.title,
  dataSourceId: row.data_source_id,
});

const ownerEntry = (row: { id: number; name: string; active: number }): OwnerEntry => ({
  id: row.id,
  name: row.name,
  active: row.active === 1,
});

/**
 * The directory read from the store's owners, data_sources and cards tables. These
 * are small beside the fields (hundreds to thousands of rows), so a list reads its
 * kind's names and filters them here, folding case as JavaScript does for every
 * script (SQLite's lower() folds ASCII only), as the field search does.
 */
export class SqliteDirectoryStore implements DirectoryStore {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      owners: db.prepare<[string], { id: number; name: string; active: number }>(
        'SELECT id, name, active FROM owners WHERE id IN (SELECT value FROM json_each(?))',
      ),
      dataSources: db.prepare<[string], DataSourceRow>(
        'SELECT id, name, columns FROM data_sources WHERE id IN (SELECT value FROM json_each(?))',
      ),
      cards: db.prepare<[string], CardRow>(
        'SELECT id, title, data_source_id FROM cards WHERE id IN (SELECT value FROM json_each(?))',
      ),
      users: db.prepare<[string], { id: number; name: string; active: number }>(
        'SELECT id, name, active FROM owners WHERE id IN (SELECT value FROM json_each(?))',
      ),
      cardOwners: db.prepare<
        [string],
        { id: string; title: string; owner: number | null; owner_name: string | null }
      >(
        `SELECT c.id, c.title, c.owner, o.name AS owner_name FROM cards c
         LEFT JOIN owners o ON o.id = c.owner WHERE c.id IN (SELECT value FROM json_each(?))`,
      ),
      dataSourceOwners: db.prepare<[string], { id: string; name: string; owner: number | null }>(
        'SELECT id, name, owner FROM data_sources WHERE id IN (SELECT value FROM json_each(?))',
      ),
      ownerNames: db.prepare<[], { id: number; name: string }>('SELECT id, name FROM owners'),
      dataSourceNames: db.prepare<[], { id: string; name: string }>(
        'SELECT id, name FROM data_sources',
      ),
      cardTitles: db.prepare<[], { id: string; name: string }>(
        'SELECT id, title AS name FROM cards',
      ),
    };
  }

  answer(request: DirectoryRequest): DirectoryResponse {
    return request.form === 'lookup' ? this.lookup(request) : this.list(request);
  }

  users(ids: readonly number[]): UserAnswer[] {
    const rows = inOrder(ids, this.statements.users.all(JSON.stringify(ids)));
    return rows.map((row) => ({
      id: row.id,
      displayName: row.name,
      detail: { active: row.active === 1 },
    }));
  }

  cards(ids: readonly string[], withOwners = false): CardAnswer[] {
    const rows = inOrder(ids, this.statements.cardOwners.all(JSON.stringify(ids)));
    return rows.map(({ id, title, owner, owner_name }) => ({
      id,
      title,
      ...(withOwners && {
        owners:
          owner === null
            ? []
            : [{ id: owner, type: 'USER' as const, displayName: owner_name ?? String(owner) }],
      }),
    }));
  }

  dataSources(ids: readonly string[]): Array<{ id: string; name: string; owner?: number }> {
    const rows = this.statements.dataSourceOwners.all(JSON.stringify(ids));
    return inOrder(ids, rows).map(({ id, name, owner }) => ({
      id,
      name,
      ...(owner !== null && { owner }),
    }));
  }

  private lookup(request: Extract<DirectoryRequest, { form: 'lookup' }>): DirectoryResponse {
    const { statements } = this;
    const owners = inOrder(
      request.owners,
      statements.owners.all(JSON.stringify(request.owners)),
    ).map(ownerEntry);
    const dataSources = inOrder(
      request.dataSources,
      statements.dataSources.all(JSON.stringify(request.dataSources)),
    ).map(dataSourceEntry);
    const cards = inOrder(request.cards, statements.cards.all(JSON.stringify(request.cards))).map(
      cardEntry,
    );
    return {
      owners,
      dataSources,
      cards,
      totalHits: owners.length + dataSources.length + cards.length,
      hasMore: false,
    };
  }

  private list(request: Extract<DirectoryRequest, { form: 'list' }>): DirectoryResponse {
    const needle = request.name.toLowerCase();
    const matching = this.names(request.kind)
      .map((entry) => ({ ...entry, key: entry.name.toLowerCase() }))
      .filter((entry) => entry.key.includes(needle))
      .sort((a, b) => compareKeys(a.key, b.key) || compareIds(a.id, b.id));
    const page = matching.slice(request.offset, request.offset + request.limit);
    const ids = page.map((entry) => entry.id);
    const found = this.lookup({
      form: 'lookup',
      owners: request.kind === 'owners' ? (ids as number[]) : [],
      dataSources: request.kind === 'dataSources' ? (ids as string[]) : [],
      cards: request.kind === 'cards' ? (ids as string[]) : [],
    });
    return {
      ...found,
      totalHits: matching.length,
      hasMore: request.offset + page.length < matching.length,
    };
  }

  private names(kind: DirectoryKind): Array<{ id: string | number; name: string }> {
    switch (kind) {
      case 'owners':
        return this.statements.ownerNames.all();
      case 'dataSources':
        return this.statements.dataSourceNames.all();
      case 'cards':
        return this.statements.cardTitles.all();
    }
  }
}

/** Rows in the order their ids were asked for; ids without a row left out. */
function inOrder<T extends { id: string | number }>(ids: readonly (string | number)[], rows: T[]) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

function compareKeys(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function compareIds(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : compareKeys(String(a), String(b));
}
