import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { statisticsKey } from '../calculated-fields/get-statistics';
import { auditKeys, changesWithVersion } from './audit-keys';

/**
 * The audit page asks for its answers at once, beside the audit's status, rather
 * than waiting for the status to key them (a round trip less before anything is
 * drawn). They follow the status instead: when its `version` moves (a scan
 * finished, a change through this server), or differs from the version the
 * findings on screen were computed at (they crossed a change on the way), the
 * answers that change with it and the live numbers are asked again.
 */
export function useFollowAuditVersion(
  statusVersion: number | undefined,
  findingsVersion: number | undefined,
): void {
  const client = useQueryClient();
  const followed = useRef<number>(undefined);
  useEffect(() => {
    if (statusVersion === undefined) return;
    const moved = followed.current !== undefined && followed.current !== statusVersion;
    followed.current = statusVersion;
    // Before the first scan there are no findings to compare: a move is the sign.
    const stale = findingsVersion === undefined ? moved : findingsVersion !== statusVersion;
    if (!stale) return;
    void client.invalidateQueries({
      queryKey: auditKeys.all,
      predicate: (query) => changesWithVersion(query.queryKey),
    });
    void client.invalidateQueries({ queryKey: statisticsKey });
  }, [client, statusVersion, findingsVersion]);
}
