import type { Database } from '../db/client.ts';
import { createMachineRepository } from './machines.ts';
import { createUserRepository } from './users.ts';

/** Every repository, built over one database; the only code that touches it. */
export function createRepositories(database: Database) {
  return {
    users: createUserRepository(database),
    machines: createMachineRepository(database),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
