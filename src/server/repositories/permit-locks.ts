import { eq } from 'drizzle-orm';
import { activeLocks, statusAfterLocks } from '#shared/permit-checks.ts';
import { can, deniedMessage, type Actor } from '#shared/permissions.ts';
import { lockingStatuses, unlockingStatuses } from '#shared/permits.ts';
import type { LockCreate, LockUpdate, Permit } from '#shared/schemas/permit.ts';
import type { Database, Tx } from '../db/client.ts';
import { permitLocks, permits } from '../db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.ts';
import { recordChange } from './change-effects.ts';
import { createOnce } from './create-once.ts';
import { lockRecord, writeChange, type ChangeContext } from './record-changes.ts';
import { load } from './permit-rows.ts';

/** Bumps the permit's version (and sets `set`): every change of a permit or of one of its locks. */
export async function bumpPermit(tx: Tx, permit: Permit, set: Partial<typeof permits.$inferInsert> = {}) {
  const version = permit.version + 1;
  await tx
    .update(permits)
    .set({ ...set, version, updatedAt: new Date() })
    .where(eq(permits.id, permit._id));
  return version;
}

/**
 * After a lock was applied, verified or removed: the permit's new version, the change in its history,
 * and the status the locks move it to (Approved becomes Isolated with the last verified lock, and back).
 */
async function lockChanged(tx: Tx, before: Permit, field: string, newValue: object, context: ChangeContext) {
  const version = await bumpPermit(tx, before);
  await recordChange(tx, 'permit', before._id, version, [{ field, oldValue: null, newValue }], context);
  const permit = await load(tx, before._id);
  const to = statusAfterLocks(permit);
  if (to === permit.status) return permit;
  await tx.update(permits).set({ status: to }).where(eq(permits.id, permit._id));
  await recordChange(
    tx,
    'permit',
    permit._id,
    version,
    [{ field: 'status', oldValue: permit.status, newValue: to }],
    context,
  );
  return load(tx, permit._id);
}

const holderName = (lock: Permit['locks'][number]) => lock.appliedBy?.name ?? 'a deleted user';

/**
 * The lock writes of permits to work (src/docs/permits.md). Each locks the permit first, so two devices
 * locking one point take turns: the first keeps it, the second is told who holds it.
 */
export function createPermitLockWrites(database: Database) {
  /** Takes a lock off (its holder; a safety officer or admin with a reason). */
  async function remove(tx: Tx, permit: Permit, lockId: string, reason: string, actor: Actor, context: ChangeContext) {
    const lock = permit.locks.find((item) => item._id === lockId)!;
    const where = lock.pointLocation || 'a removed point';
    if (lock.appliedBy?._id !== actor._id) {
      if (!can(actor.role, 'permit:override-lock')) {
        throw forbidden(
          `${deniedMessage(actor.role, 'permit:override-lock')} Lock ${lock.lockNumber} on ${where} belongs to ${holderName(lock)}: only they, a safety officer or an admin may remove it.`,
        );
      }
      if (!reason) {
        throw badRequest(
          `Lock ${lock.lockNumber} on ${where} belongs to ${holderName(lock)}: give the reason for removing it`,
        );
      }
    }
    if (!unlockingStatuses.includes(permit.status)) {
      throw conflict(`${permit.permitNumber} is ${permit.status}: locks stay on until the work is done`);
    }
    const at = new Date();
    await tx
      .update(permitLocks)
      .set({ removedBy: actor._id, removedAt: at, removalReason: reason || null })
      .where(eq(permitLocks.id, lockId));
    const removed = {
      _id: lockId,
      point: lock.point,
      location: lock.pointLocation,
      lockNumber: lock.lockNumber,
      removedAt: at.toISOString(),
      ...(reason ? { reason } : {}),
    };
    return lockChanged(tx, permit, 'lockRemoved', removed, context);
  }

  return {
    /**
     * Applies a lock on a point of the permit's machine, once per lock `_id`. The first lock on a
     * point keeps it; a second one is refused naming who holds the point and with which lock.
     */
    addLock(permitId: string, input: LockCreate, context: ChangeContext) {
      return database.write(async (tx) => {
        await lockRecord(database, tx, 'permit', permitId);
        const permit = await load(tx, permitId);
        const { created } = await createOnce({
          id: input._id,
          userId: context.userId,
          label: 'lock',
          findCreator: async (candidate) => {
            const [row] = await tx
              .select({ creator: permitLocks.appliedBy, parent: permitLocks.permitId })
              .from(permitLocks)
              .where(eq(permitLocks.id, candidate));
            return row;
          },
          parent: { id: permitId, clash: () => 'This lock _id was already used for a lock of another permit' },
          insert: async (candidate) => {
            const point = permit.points.find((item) => item._id === input.point);
            if (!point) throw badRequest(`This is not an isolation point of ${permit.machine.name}`);
            if (!lockingStatuses.includes(permit.status)) {
              throw conflict(
                `${permit.permitNumber} is ${permit.status}: locks are applied once it is Approved and before the work starts`,
              );
            }
            const holder = activeLocks(permit).find((lock) => lock.point === point._id);
            if (holder) {
              throw conflict(
                `${point.location} is already locked by ${holderName(holder)} with lock ${holder.lockNumber}`,
              );
            }
            const appliedAt = context.clientTime ?? new Date();
            await tx.insert(permitLocks).values({
              id: candidate!,
              permitId,
              pointId: point._id,
              lockNumber: input.lockNumber,
              verified: input.verified,
              appliedBy: context.userId,
              appliedAt,
            });
            const lock = {
              _id: candidate,
              point: point._id,
              location: point.location,
              lockNumber: input.lockNumber,
              verified: input.verified,
              appliedAt: appliedAt.toISOString(),
            };
            await lockChanged(tx, permit, 'lock', lock, context);
            return candidate!;
          },
        });
        return { record: await load(tx, permitId), created };
      });
    },

    /**
     * Removes a lock (its holder; or a safety officer or admin, with a reason kept in the history), or
     * records its zero-energy check (its holder). Removing a removed lock changes nothing.
     */
    updateLock(permitId: string, lockId: string, patch: LockUpdate, actor: Actor, context: ChangeContext) {
      return writeChange(database, 'permit', permitId, context, load, async (tx) => {
        const permit = await load(tx, permitId);
        const lock = permit.locks.find((item) => item._id === lockId);
        if (!lock) throw notFound('Lock not found on this permit');
        if (patch.removed) {
          if (lock.removedAt) return { record: permit, overwritten: [] };
          return {
            record: await remove(tx, permit, lockId, patch.reason?.trim() ?? '', actor, context),
            overwritten: [],
          };
        }
        if (lock.verified) return { record: permit, overwritten: [] };
        if (lock.appliedBy?._id !== actor._id) {
          throw forbidden(
            `Only ${lock.appliedBy?.name ?? 'its holder'}, who applied lock ${lock.lockNumber}, records its zero-energy check`,
          );
        }
        if (lock.removedAt)
          throw conflict(`Lock ${lock.lockNumber} on ${lock.pointLocation || 'a removed point'} was removed`);
        if (!lockingStatuses.includes(permit.status)) {
          throw conflict(
            `${permit.permitNumber} is ${permit.status}: zero-energy checks are recorded before the work starts`,
          );
        }
        await tx.update(permitLocks).set({ verified: true }).where(eq(permitLocks.id, lockId));
        const verified = { _id: lockId, location: lock.pointLocation, lockNumber: lock.lockNumber };
        return { record: await lockChanged(tx, permit, 'lockVerified', verified, context), overwritten: [] };
      });
    },
  };
}
