import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';

/** What a restored database holds, in words: a restore prints it, so a wrong file shows at once. */
export async function countRecords(db: Db): Promise<string> {
  const [counts] = rowsOf<Record<string, string>>(
    await db.execute(sql`select
      (select count(*) from users)::text as users,
      (select count(*) from machines)::text as machines,
      (select count(*) from tickets)::text as tickets,
      (select count(*) from incidents)::text as incidents`),
  );
  return Object.entries(counts!)
    .map(([table, count]) => `${count} ${table}`)
    .join(', ');
}
