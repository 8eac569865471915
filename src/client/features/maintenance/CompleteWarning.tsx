import { failedItems, unansweredItems } from '#shared/checklist.ts';
import type { ChecklistItem } from '#shared/schemas/schedule.ts';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';

/** What completing this checklist should warn about: failed and unanswered items. */
export function completeWarnings(checklist: ChecklistItem[]) {
  const failed = failedItems(checklist);
  const unanswered = unansweredItems(checklist);
  return { failed, unanswered, any: failed.length + unanswered.length > 0 };
}

const counted = (count: number, one: string, many: string) =>
  count === 1 ? `1 checklist item ${one}:` : `${count} checklist items ${many}:`;

function Items({ items }: { items: ChecklistItem[] }) {
  return (
    <ul className="mt-1 mb-3 list-disc pl-5">
      {items.map((item) => (
        <li key={item._id}>{item.task}</li>
      ))}
    </ul>
  );
}

interface CompleteWarningProps {
  checklist: ChecklistItem[];
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asked before completing a job whose checklist has failed or unanswered items. */
export function CompleteWarning({ checklist, open, onConfirm, onCancel }: CompleteWarningProps) {
  const { failed, unanswered } = completeWarnings(checklist);
  return (
    <ConfirmDialog
      open={open}
      title={failed.length > 0 ? 'Complete with failed checks?' : 'Complete with unanswered checks?'}
      confirmLabel="Complete Anyway"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {failed.length > 0 && (
        <>
          <p>{counted(failed.length, 'failed', 'failed')}</p>
          <Items items={failed} />
        </>
      )}
      {unanswered.length > 0 && (
        <>
          <p>{counted(unanswered.length, 'is not answered', 'are not answered')}</p>
          <Items items={unanswered} />
        </>
      )}
    </ConfirmDialog>
  );
}
