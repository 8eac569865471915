import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { sessionKey } from '#client/data/session/session.ts';
import { localDb } from '#client/data/store/db.ts';
import { useLiveQuery } from '#client/data/store/use-live-query.ts';

/**
 * An admin's answer to this user's role request reaches the device as an inbox entry: the session is
 * then asked for again, so an approved role applies on the open app, without signing in again.
 */
export function useRoleDecisions(): void {
  const queryClient = useQueryClient();
  const latest = useLiveQuery(
    async () =>
      (await localDb.inbox.filter((entry) => entry.kind === 'roleDecided').toArray()).reduce(
        (newest, entry) => (entry.at > newest ? entry.at : newest),
        '',
      ),
    [],
  );
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (latest === undefined) return;
    if (seen.current !== undefined && latest !== seen.current) {
      void queryClient.invalidateQueries({ queryKey: sessionKey });
    }
    seen.current = latest;
  }, [latest, queryClient]);
}
