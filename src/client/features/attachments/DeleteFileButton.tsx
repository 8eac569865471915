import { Trash2 } from 'lucide-react';
import type { FileRef } from '#shared/schemas/common.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { localDb } from '#client/data/store/db.ts';
import { forgetAttachment } from '#client/data/store/local-records.ts';
import { ConfirmDialog } from '#client/components/ui/ConfirmDialog.tsx';
import { deleteNeedsConnection, useDeleteOnServer } from '#client/data/outbox/use-delete-on-server.ts';

export interface AttachmentOwner {
  entity: 'ticket' | 'incident';
  recordId: string;
}

/** Deletes a file the server has, for its uploader or an admin (the caller checks). Online only. */
export function DeleteFileButton({ file, owner }: { file: FileRef; owner: AttachmentOwner }) {
  const { isOnline, askToConfirm, dialog } = useDeleteOnServer({
    path: `upload/${file._id}`,
    success: 'File deleted successfully!',
    failure: 'Failed to delete file',
    onDeleted: () => forgetAttachment(localDb, owner.entity, owner.recordId, file._id),
  });
  const name = `Delete ${file.originalName}`;

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={name}
        title={isOnline ? name : deleteNeedsConnection}
        disabled={!isOnline}
        onClick={askToConfirm}
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
      >
        <Trash2 aria-hidden="true" className="size-5" />
      </Button>
      <ConfirmDialog {...dialog} title="Delete File" confirmLabel="Delete File">
        <p>
          Delete <strong className="break-all">{file.originalName}</strong>? It is removed from the server for everyone
          and cannot be restored.
        </p>
      </ConfirmDialog>
    </>
  );
}
