import type { Role } from '../../../contract/journal';
import type { TokenHolder, TokenStore } from '../../auth/token-store';
import { hashToken, matchingIndex } from '../../auth/token-hash';
import type { Db } from './db';

const DEMO_TOKEN_KEY = 'demo_token';

export class SqliteTokenStore implements TokenStore {
  private hashes: Buffer[] = [];
  private holders: TokenHolder[] = [];
  /** SQLite's data_version moves when another connection commits, e.g. `npm run token`. */
  private loadedVersion = -1;

  private readonly dataVersion;

  constructor(private readonly db: Db) {
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  addToken(name: string, token: string, now: number, role: Role = 'editor'): boolean {
    const result = this.db
      .prepare('INSERT OR IGNORE INTO tokens (name, hash, created, role) VALUES (?, ?, ?, ?)')
      .run(name, hashToken(token).toString('hex'), now, role);
    this.loadedVersion = -1;
    return result.changes === 1;
  }

  verify(token: string): boolean {
    return this.identify(token) !== undefined;
  }

  identify(token: string): TokenHolder | undefined {
    if (token === '') return undefined;
    this.reloadIfChanged();
    return this.holders[matchingIndex(token, this.hashes)];
  }

  list(): Array<{ id: number; name: string; role: Role; created: number }> {
    return this.db
      .prepare<[], { id: number; name: string; role: Role; created: number }>(
        'SELECT id, name, role, created FROM tokens ORDER BY id',
      )
      .all();
  }

  demoToken(): string | undefined {
    const row = this.db
      .prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?')
      .get(DEMO_TOKEN_KEY);
    return row?.value;
  }

  rememberDemoToken(token: string): void {
    this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(DEMO_TOKEN_KEY, token);
  }

  private reloadIfChanged(): void {
    const version = this.dataVersion.get()!;
    if (version === this.loadedVersion) return;
    const rows = this.db
      .prepare<[], { hash: string; name: string; role: Role }>(
        'SELECT hash, name, role FROM tokens',
      )
      .all();
    this.hashes = rows.map((row) => Buffer.from(row.hash, 'hex'));
    this.holders = rows.map(({ name, role }) => ({ name, role }));
    this.loadedVersion = version;
  }
}
