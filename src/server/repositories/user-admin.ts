import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { asc, eq, ilike, or } from 'drizzle-orm';
import type { HistoryEntry } from '#shared/schemas/common.ts';
import {
  resetCodeHours,
  type ManagedUser,
  type ResetCodeResponse,
  type RoleDecision,
  type UserUpdate,
} from '#shared/schemas/user.ts';
import type { Database, Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { badRequest, conflict, deactivatedMessage, forbidden, notFound } from '../lib/errors.ts';
import { noticeRoleDecision } from './account-notices.ts';
import { recordChange } from './change-effects.ts';
import { readHistory } from './history.ts';
import { diffPatch, lockRecord, setFromChanges, type RecordedChange } from './record-changes.ts';
import { toUser } from './users.ts';

type UserRow = typeof users.$inferSelect;
type Change = RecordedChange['changes'][number];
/** What a change of a user stores (`set`) and what its history says (`changes`: never a hash or a code). */
type UserChange = { changes: Change[]; set: Partial<UserRow> };

const toManaged = (row: UserRow): ManagedUser => ({
  ...toUser(row),
  active: row.active,
  version: row.version,
  hourlyRate: row.hourlyRate,
});

// No 0/O or 1/I/L: the code is read out or copied from a screen.
const codeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const codeLength = 10;

function newCode(): string {
  const chars = Array.from({ length: codeLength }, () => codeAlphabet[randomInt(codeAlphabet.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Spaces, dashes and case do not matter when the code is typed. */
const hashCode = (code: string) =>
  createHash('sha256')
    .update(code.toUpperCase().replace(/[^A-Z0-9]/g, ''))
    .digest();

const invalidCode =
  'This reset code is not valid: it may be mistyped, used already or expired. Ask an admin for a new one.';

export function createUserAdminRepository(database: Database) {
  const { db } = database;

  /** Changes one user in a write: locks it, bumps its version and records the changes as its history. */
  function changeUser<T>(
    id: string,
    actor: string,
    work: (tx: Tx, row: UserRow, changeSeq: number) => UserChange | Promise<UserChange>,
    answer: (row: UserRow) => T,
  ): Promise<T> {
    return database.write(async (tx, changeSeq) => {
      await lockRecord(database, tx, 'user', id);
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      if (!row) throw notFound('User not found');
      const { changes, set } = await work(tx, row, changeSeq);
      if (changes.length === 0) return answer(row);
      const version = row.version + 1;
      const [updated] = await tx
        .update(users)
        .set({ ...set, version, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      await recordChange(tx, 'user', id, version, changes, { userId: actor });
      return answer(updated!);
    });
  }

  const change = (field: string, oldValue: unknown, newValue: unknown): Change => ({ field, oldValue, newValue });

  return {
    async list(search?: string): Promise<ManagedUser[]> {
      const pattern = search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
      const rows = await db
        .select()
        .from(users)
        .where(pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined)
        .orderBy(asc(users.name));
      return rows.map(toManaged);
    },

    history: (id: string): Promise<HistoryEntry[]> => readHistory(db, 'user', id),

    /** Role, department, active. An admin never demotes or deactivates themselves: another admin must. */
    update(id: string, patch: UserUpdate, actor: string): Promise<ManagedUser> {
      return changeUser(
        id,
        actor,
        (_tx, row) => {
          const diff = diffPatch(row, patch, {
            role: 'role',
            department: 'department',
            active: 'active',
            hourlyRate: 'hourlyRate',
          });
          const changes: Change[] = [...diff];
          if (id === actor && changes.some((one) => one.field === 'active' && one.newValue === false)) {
            throw badRequest('You cannot deactivate your own account. Another admin can.');
          }
          if (id === actor && changes.some((one) => one.field === 'role')) {
            throw badRequest('You cannot change your own role. Another admin can.');
          }
          const set: Partial<UserRow> = setFromChanges(diff);
          // A role an admin sets answers any waiting request.
          if ('role' in set && row.requestedRole) {
            changes.push(change('requestedRole', row.requestedRole, null));
            set.requestedRole = null;
          }
          return { changes, set };
        },
        toManaged,
      );
    },

    decideRoleRequest(id: string, { decision }: RoleDecision, actor: string): Promise<ManagedUser> {
      return changeUser(
        id,
        actor,
        async (tx, row, changeSeq) => {
          const requested = row.requestedRole;
          if (!requested) throw conflict(`${row.name} has no role request waiting: it was answered already.`);
          const approved = decision === 'approve';
          const changes = [
            ...(approved ? [change('role', row.role, requested)] : []),
            change('requestedRole', requested, null),
            change('roleRequest', null, approved ? 'approved' : 'declined'),
          ];
          const requester = { id, name: row.name, version: row.version + 1 };
          await noticeRoleDecision(tx, changeSeq, requester, { role: requested, approved, actor });
          return { changes, set: { requestedRole: null, ...(approved ? { role: requested } : {}) } };
        },
        toManaged,
      );
    },

    /** A new one-time code replaces any earlier one; only its hash is stored. */
    issueResetCode(id: string, actor: string): Promise<ResetCodeResponse> {
      const code = newCode();
      const expiresAt = new Date(Date.now() + resetCodeHours * 3_600_000);
      return changeUser(
        id,
        actor,
        (_tx, row) => {
          if (!row.active) throw badRequest(`${row.name}'s account is deactivated: reactivate it first.`);
          return {
            changes: [change('passwordResetCode', null, expiresAt.toISOString())],
            set: { resetCodeHash: hashCode(code).toString('hex'), resetCodeExpiresAt: expiresAt },
          };
        },
        () => ({ code, expiresAt: expiresAt.toISOString() }),
      );
    },

    /** Sets the password with a reset code, which then no longer works; answers the user to sign in. */
    async resetPassword(email: string, code: string, passwordHash: string) {
      const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!found) throw badRequest(invalidCode);
      return changeUser(
        found.id,
        found.id,
        (_tx, row) => {
          const stored = row.resetCodeHash ? Buffer.from(row.resetCodeHash, 'hex') : null;
          const matches = stored !== null && timingSafeEqual(stored, hashCode(code));
          if (!matches || !row.resetCodeExpiresAt || row.resetCodeExpiresAt <= new Date()) {
            throw badRequest(invalidCode);
          }
          if (!row.active) throw forbidden(deactivatedMessage);
          return {
            changes: [change('password', null, 'set with a reset code')],
            set: { passwordHash, resetCodeHash: null, resetCodeExpiresAt: null, lastLogin: new Date() },
          };
        },
        toUser,
      );
    },
  };
}

export type UserAdminRepository = ReturnType<typeof createUserAdminRepository>;
