import type { FileRef } from '#shared/schemas/common.ts';
import { localDb } from '#client/data/store/db.ts';
import { forgetAttachment } from '#client/data/store/local-records.ts';
import { DeleteOnServerButton } from './DeleteOnServerButton.tsx';

export interface AttachmentOwner {
  entity: 'ticket' | 'incident';
  recordId: string;
}

/** Deletes a file the server has, for its uploader or an admin (the caller checks). Online only. */
export function DeleteFileButton({ file, owner }: { file: FileRef; owner: AttachmentOwner }) {
  return (
    <DeleteOnServerButton
      name={`Delete ${file.originalName}`}
      title="Delete File"
      path={`upload/${file._id}`}
      success="File deleted successfully!"
      failure="Failed to delete file"
      onDeleted={() => forgetAttachment(localDb, owner.entity, owner.recordId, file._id)}
    >
      <p>
        Delete <strong className="break-all">{file.originalName}</strong>? It is removed from the server for everyone
        and cannot be restored.
      </p>
    </DeleteOnServerButton>
  );
}
