import { asc, eq } from 'drizzle-orm';
import type { Role } from '#shared/enums.ts';
import type { ProfileBody, User, UserSummary } from '#shared/schemas/user.ts';
import type { Database, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { noticeRoleRequest } from './account-notices.ts';
import { recordChange } from './change-effects.ts';
import { isoOrNull } from './sql-helpers.ts';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    department: row.department,
    phone: row.phone,
    lastLogin: isoOrNull(row.lastLogin),
    createdAt: row.createdAt.toISOString(),
    requestedRole: row.requestedRole,
  };
}

export interface Account {
  role: Role;
  name: string;
  active: boolean;
}

export interface NewUser {
  name: string;
  email: string;
  passwordHash: string;
  role: Role;
  department: string;
  phone: string;
}

export function createUserRepository(database: Database) {
  const { db } = database;

  async function emailTaken(tx: Tx, email: string, exceptId?: string) {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    return row !== undefined && row.id !== exceptId;
  }

  return {
    async hasAny(): Promise<boolean> {
      const [row] = await db.select({ id: users.id }).from(users).limit(1);
      return row !== undefined;
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
      return row;
    },

    async get(id: string): Promise<User> {
      const [row] = await db.select().from(users).where(eq(users.id, id));
      if (!row) throw notFound('User not found');
      return toUser(row);
    },

    /**
     * A registration. The plant's first account gets the role it chose; after that any role but operator
     * is asked for: the account is an operator until an admin approves (src/docs/permissions.md).
     */
    async create(input: NewUser): Promise<User> {
      return database.write(async (tx, changeSeq) => {
        if (await emailTaken(tx, input.email)) throw conflict('An account with this email already exists');
        const [anyone] = await tx.select({ id: users.id }).from(users).limit(1);
        const asks = anyone !== undefined && input.role !== 'operator';
        const [row] = await tx
          .insert(users)
          .values({
            ...input,
            role: asks ? 'operator' : input.role,
            requestedRole: asks ? input.role : null,
            lastLogin: new Date(),
          })
          .returning();
        if (asks) {
          const requester = { id: row!.id, name: row!.name, version: row!.version };
          const change = { field: 'requestedRole', oldValue: null, newValue: input.role };
          await recordChange(tx, 'user', row!.id, row!.version, [change], { userId: row!.id });
          await noticeRoleRequest(tx, changeSeq, requester, input.role);
        }
        return toUser(row!);
      });
    },

    async recordLogin(id: string): Promise<User> {
      const [row] = await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, id)).returning();
      if (!row) throw notFound('User not found');
      return toUser(row);
    },

    async updateProfile(id: string, profile: ProfileBody): Promise<User> {
      return database.write(async (tx) => {
        if (profile.email && (await emailTaken(tx, profile.email, id))) {
          throw conflict('An account with this email already exists');
        }
        const [row] = await tx
          .update(users)
          .set({ ...profile, updatedAt: new Date() })
          .where(eq(users.id, id))
          .returning();
        if (!row) throw notFound('User not found');
        return toUser(row);
      });
    },

    async listSummaries(): Promise<UserSummary[]> {
      const rows = await db
        .select({ _id: users.id, name: users.name, role: users.role, department: users.department })
        .from(users)
        .orderBy(asc(users.name));
      return rows;
    },

    /** What a signed-in request acts with: the account's current role, name and whether it is active; undefined once deleted. */
    async findAccount(id: string): Promise<Account | undefined> {
      const [row] = await db
        .select({ role: users.role, name: users.name, active: users.active })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
