import type { Database } from '../db/client.ts';
import type { Repositories } from '../repositories/index.ts';

/** Placeholder until the demo seed lands: returns false when the database already has users. */
export async function seedDemoIfEmpty(_repos: Repositories, _database: Database): Promise<boolean> {
  return false;
}
