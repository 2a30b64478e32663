import type { TokenStore } from '../../auth/token-store';
import { hashToken, matchesAny } from '../../auth/token-hash';
import type { Db } from './open-database';

const DEMO_TOKEN_KEY = 'demo_token';

export class SqliteTokenStore implements TokenStore {
  private hashes: Buffer[] = [];
  /** SQLite's data_version moves when another connection commits, e.g. `npm run token`. */
  private loadedVersion = -1;

  private readonly dataVersion;

  constructor(private readonly db: Db) {
    this.dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  }

  addToken(name: string, token: string, now: number): boolean {
    const result = this.db
      .prepare('INSERT OR IGNORE INTO tokens (name, hash, created) VALUES (?, ?, ?)')
      .run(name, hashToken(token).toString('hex'), now);
    this.loadedVersion = -1;
    return result.changes === 1;
  }

  verify(token: string): boolean {
    if (token === '') return false;
    this.reloadIfChanged();
    return matchesAny(token, this.hashes);
  }

  list(): Array<{ id: number; name: string; created: number }> {
    return this.db
      .prepare<[], { id: number; name: string; created: number }>(
        'SELECT id, name, created FROM tokens ORDER BY id',
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
    this.hashes = this.db
      .prepare<[], { hash: string }>('SELECT hash FROM tokens')
      .all()
      .map((row) => Buffer.from(row.hash, 'hex'));
    this.loadedVersion = version;
  }
}
