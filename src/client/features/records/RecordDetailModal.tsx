import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { PrintButton, PrintSignatures } from '#client/components/ui/PrintFooter.tsx';
import { RecordHistory } from '#client/components/ui/RecordHistory.tsx';
import { RecordModal } from '#client/components/ui/RecordModal.tsx';
import { useSignedInUser } from '#client/data/session/session.ts';
import { Attachments } from '#client/features/attachments/Attachments.tsx';
import type { NumberedRecord, RecordDetailKind } from './record-kind.ts';

/**
 * Where a record is worked on: its badges, the same status control as the list's, an Edit button that
 * turns its text into a form in place, its sections, files and history.
 */
function RecordDetails<R extends NumberedRecord>({ kind, record }: { kind: RecordDetailKind<R>; record: R }) {
  const user = useSignedInUser();
  const [isEditing, setEditing] = useState(false);
  const { head: Head, status: Status, edit: Edit, view: View, sections: Sections, after: After } = kind;
  const editable = kind.editable(user, record);
  const mayEdit = editable === 'all' || editable.some((field) => kind.editFields?.includes(field) ?? true);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Head record={record} />
        <div className="flex flex-wrap items-center gap-2 print:hidden">
          {(kind.showsStatus?.(user) ?? true) && (
            <div className={kind.statusWidth}>
              <Status record={record} />
            </div>
          )}
          {mayEdit && !isEditing && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" className="size-4" /> Edit
            </Button>
          )}
        </div>
      </div>
      {isEditing ? (
        <Edit record={record} editable={editable} onDone={() => setEditing(false)} />
      ) : (
        <View record={record} />
      )}
      <Sections record={record} />
      <Attachments
        entity={kind.entity}
        record={record}
        changeFor={(file) => kind.attachmentChange(user, record, file)}
      />
      {After && <After record={record} />}
      <RecordHistory entity={kind.entity} record={record} describe={kind.describeHistory?.(record)} />
      <PrintButton />
      <PrintSignatures signers={kind.signers} />
    </div>
  );
}

interface RecordDetailModalProps<R extends NumberedRecord> {
  kind: RecordDetailKind<R>;
  recordId: string | null;
  onClose: () => void;
}

/** The record as this device has it, live: comments and files added here show at once, marked until sent. */
export function RecordDetailModal<R extends NumberedRecord>({ kind, recordId, onClose }: RecordDetailModalProps<R>) {
  const record = kind.useRecord(recordId);
  const name = kind.noun.charAt(0).toUpperCase() + kind.noun.slice(1);
  const title = record ? kind.number(record) || `New ${kind.noun}` : name;
  return (
    <RecordModal
      record={record}
      missing={`This ${kind.noun} is not on this device.`}
      open={recordId !== null}
      onClose={onClose}
      title={title}
      size="xl"
    >
      {(shown) => <RecordDetails kind={kind} record={shown} />}
    </RecordModal>
  );
}
