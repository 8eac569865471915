import { Paperclip, Upload } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { can } from '#shared/permissions.ts';
import type { FileRef } from '#shared/schemas/common.ts';
import { buttonClasses } from '#client/components/ui/Button.tsx';
import { notify } from '#client/lib/notify.ts';
import { useSignedInUser } from '#client/data/session/session.ts';
import { PendingMark } from '#client/components/ui/PendingMark.tsx';
import type { QueuedChange } from '#client/data/outbox/writes.ts';
import { saveAndNotify } from '#client/data/outbox/save-change.ts';
import { DeleteFileButton, type AttachmentOwner } from './DeleteFileButton.tsx';
import { acceptedFiles, problemWith } from './file-rules.ts';
import { FileThumbnail } from './FileThumbnail.tsx';
import { openAttachment } from './open-attachment.ts';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface WithAttachments {
  _id: string;
  attachments: FileRef[];
  _server: { attachments: FileRef[] } | null;
}

interface AttachmentsProps {
  entity: AttachmentOwner['entity'];
  record: WithAttachments;
  /** The outbox change that uploads this file onto the record. */
  changeFor: (file: File) => QueuedChange;
}

/**
 * A record's files (ticket or incident): open, and attach more, offline too. The uploader or an admin
 * may delete a file the server has; one still waiting to be sent is discarded in the Sync panel instead.
 */
export function Attachments({ entity, record, changeFor }: AttachmentsProps) {
  const user = useSignedInUser();
  const headingId = useId();
  const [error, setError] = useState<string | null>(null);

  async function attach(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = problemWith(file);
    setError(problem);
    if (problem) return;
    await saveAndNotify(changeFor(file), 'File uploaded successfully!', 'Failed to upload file');
  }

  function open(file: FileRef) {
    openAttachment(file).catch((failure: unknown) => notify.error(failure, 'Failed to open file'));
  }

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
          <Paperclip aria-hidden="true" className="size-4" /> Attachments ({record.attachments.length})
        </h3>
        {can(user.role, 'file:upload') && (
          <label
            className={buttonClasses(
              'secondary',
              'md',
              'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
            )}
          >
            <input type="file" accept={acceptedFiles} className="sr-only" onChange={(event) => void attach(event)} />
            <Upload aria-hidden="true" className="size-4" /> Add attachment
          </label>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {record.attachments.length === 0 ? (
        <p className="text-sm text-slate-500">No attachments.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {record.attachments.map((file) => {
            const isOnServer = record._server?.attachments.some((sent) => sent._id === file._id) ?? false;
            const mayDelete = file.uploadedBy === user._id || user.role === 'admin';
            return (
              <li key={file._id} className="flex flex-wrap items-center gap-2 px-2">
                <button
                  type="button"
                  onClick={() => open(file)}
                  className="flex min-h-11 min-w-0 flex-1 items-center gap-2 rounded px-1 text-left text-sm font-medium text-brand-700 hover:underline"
                >
                  <FileThumbnail file={file} />
                  <span className="truncate">{file.originalName}</span>
                </button>
                <span className="text-xs text-slate-500">{sizeText(file.size)}</span>
                <PendingMark count={isOnServer ? 0 : 1} />
                {isOnServer && mayDelete && <DeleteFileButton file={file} owner={{ entity, recordId: record._id }} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
