import pg from 'pg';
import { changeChannel } from './database.ts';
import { retryWithBackoff, type DatabaseLog } from './recovery.ts';

export const connectionTimeoutMillis = 5_000;

export interface ChangeListener {
  isListening(): boolean;
  close(): Promise<void>;
}

/**
 * Holds a LISTEN connection for the commits of every app server. When it drops, it reconnects with
 * backoff for as long as it takes; a gap counts as a change, since notifications sent meanwhile are lost.
 */
export async function listenForChanges(url: string, onChange: () => void, log: DatabaseLog): Promise<ChangeListener> {
  let client: pg.Client | undefined;
  let closed = false;
  let stopRetrying = () => {};

  async function connect() {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis,
      // Notices a peer that vanished without closing the connection.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    let lastError: unknown;
    next.on('error', (error) => (lastError = error));
    try {
      await next.connect();
      await next.query(`listen ${changeChannel}`);
    } catch (error) {
      void next.end().catch(() => {});
      throw error;
    }
    if (closed) return next.end();
    next.on('notification', onChange);
    next.once('end', () => {
      client = undefined;
      if (closed) return;
      onChange();
      log('lost the LISTEN connection, so cached answers are bypassed until it is back', lastError);
      stopRetrying = retryWithBackoff(connect, {
        failed: (failures, error) => log(`could not listen again (attempt ${failures}), retrying with backoff`, error),
        succeeded: (failures) => log(`listening again after ${failures} failed attempts`),
      });
    });
    client = next;
    onChange();
  }

  await connect();
  return {
    isListening: () => client !== undefined,
    async close() {
      closed = true;
      stopRetrying();
      await client?.end().catch(() => {});
    },
  };
}
