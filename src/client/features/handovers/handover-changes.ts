import type { UserRef } from '#shared/schemas/common.ts';
import { shiftName, type Handover, type HandoverContents } from '#shared/schemas/handover.ts';
import type { Shift } from '#shared/shifts.ts';
import { author, createChange, recordUrl } from '#client/data/outbox/change-builders.ts';
import type { QueuedOf } from '#client/data/outbox/writes.ts';
import { newId } from '#shared/ids.ts';

export const emptyContents: HandoverContents = {
  machinesDown: [],
  openIncidents: [],
  overdueActions: [],
  maintenanceNextShift: [],
  ticketsRaised: [],
  ticketsResolved: [],
};

/**
 * The outgoing shift's handover. The server lists the shift's contents when it arrives; until then
 * the device shows the list it last read (the draft), or none.
 */
export function handOverChange(
  user: UserRef,
  department: string,
  shift: Shift,
  notes: string,
  draft: HandoverContents | undefined,
): QueuedOf<'create'> {
  const _id = newId();
  const now = new Date().toISOString();
  const preview: Handover = {
    _id,
    department,
    shiftStart: shift.start.toISOString(),
    shiftEnd: shift.end.toISOString(),
    shiftLabel: shift.label,
    shiftDay: shift.day,
    notes,
    contents: draft ?? emptyContents,
    writtenBy: author(user),
    writtenAt: now,
    acknowledgedBy: null,
    acknowledgedAt: null,
    version: 0,
    updatedAt: now,
  };
  const body = { _id, department, shiftStart: preview.shiftStart, notes };
  return createChange(user, 'handover', body, preview, `Handover of ${shiftName(preview)}`);
}

/** The incoming shift has read it: who and when, shown at once. */
export function acknowledgeChange(user: UserRef, handover: Handover): QueuedOf<'acknowledge'> {
  return {
    userId: user._id,
    entity: 'handover',
    recordId: handover._id,
    kind: 'acknowledge',
    method: 'POST',
    url: `${recordUrl.handover}/${handover._id}/acknowledge`,
    body: {},
    preview: { acknowledgedBy: author(user), acknowledgedAt: new Date().toISOString() },
    label: `Acknowledged the handover of ${shiftName(handover)}`,
  };
}
