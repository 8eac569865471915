import { derivedId } from './ids.ts';

/** What a check found, besides its note (src/docs/checklists.md). */
export const checkResults = ['Pass', 'Fail', 'N/A'] as const;
export type CheckResult = (typeof checkResults)[number];

interface Item {
  _id: string;
  task: string;
  completed: boolean;
  notes: string;
  result?: CheckResult | null;
}

/** Ticked, or given a result: an answered item. */
export const isAnswered = (item: Item) => item.completed || item.result != null;

export const unansweredItems = <T extends Item>(checklist: T[]): T[] => checklist.filter((item) => !isAnswered(item));

export const failedItems = <T extends Item>(checklist: T[]): T[] => checklist.filter((item) => item.result === 'Fail');

/**
 * The id of the ticket a failed item raises: the same on every device, so raising it twice (offline,
 * on two tablets) makes one ticket.
 */
export const failTicketId = (scheduleId: string, itemId: string) => derivedId(scheduleId, `fail:${itemId}`);

/** The repair a failed item asks for: its task as the title, its note (or what failed) as the description. */
export function failTicketText(scheduleTitle: string, item: Item) {
  return {
    title: item.task.slice(0, 200),
    description: item.notes.trim() || `Check failed during maintenance "${scheduleTitle}": ${item.task}`,
  };
}
