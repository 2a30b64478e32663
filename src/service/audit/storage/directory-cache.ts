import type { AuditDb } from './open-audit-database';

/** The instance's names and columns as JSON, kept so they survive a restart (`directories`). */
export class DirectoryCache {
  private readonly statements;

  constructor(
    db: AuditDb,
    private readonly instanceId: number,
  ) {
    this.statements = {
      read: db
        .prepare<[number], string>('SELECT body FROM directories WHERE instance_id = ?')
        .pluck(),
      save: db.prepare<[number, number, string]>(
        'INSERT OR REPLACE INTO directories (instance_id, fetched, body) VALUES (?, ?, ?)',
      ),
    };
  }

  /** Undefined when none was ever read. */
  read(): string | undefined {
    return this.statements.read.get(this.instanceId) ?? undefined;
  }

  save(body: string, now: number): void {
    this.statements.save.run(this.instanceId, now, body);
  }
}
