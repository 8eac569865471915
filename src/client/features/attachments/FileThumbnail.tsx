import { FileText } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { FileRef } from '#shared/schemas/common.ts';
import { attachmentBlob } from './open-attachment.ts';

/**
 * A small preview of an image attachment, from the file on this device, the worker's cache or the
 * server; any other file, an image that cannot be read (offline and never downloaded) or drawn (HEIC
 * in most browsers) keeps the file icon.
 */
export function FileThumbnail({ file }: { file: FileRef }) {
  const [url, setUrl] = useState<string | null>(null);
  const [isBroken, setBroken] = useState(false);
  const isImage = file.mimeType.startsWith('image/');

  useEffect(() => {
    if (!isImage) return;
    let objectUrl: string | null = null;
    let isCurrent = true;
    attachmentBlob(file._id)
      .then((blob) => {
        if (!isCurrent) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [file._id, isImage]);

  if (!url || isBroken) return <FileText aria-hidden="true" className="size-4 shrink-0" />;
  return (
    <img
      src={url}
      alt=""
      onError={() => setBroken(true)}
      className="size-10 shrink-0 rounded border border-slate-200 bg-slate-50 object-cover"
    />
  );
}
