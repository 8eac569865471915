import { FileText } from 'lucide-react';
import { useState } from 'react';
import type { FileRef } from '#shared/schemas/common.ts';
import { useFileUrl } from './use-file-url.ts';

/**
 * A small preview of an image attachment, from the file on this device, the worker's cache or the
 * server; any other file, an image that cannot be read (offline and never downloaded) or drawn (HEIC
 * in most browsers) keeps the file icon.
 */
export function FileThumbnail({ file }: { file: FileRef }) {
  const [isBroken, setBroken] = useState(false);
  const url = useFileUrl(file._id, file.mimeType.startsWith('image/'));

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
