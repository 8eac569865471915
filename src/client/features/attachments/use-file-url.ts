import { useEffect, useState } from 'react';
import { attachmentBlob } from './open-attachment.ts';

/** An object URL of a stored file (this device, the worker's cache or the server); null until read or when it cannot be. */
export function useFileUrl(fileId: string, wanted = true): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let objectUrl: string | null = null;
    let isCurrent = true;
    attachmentBlob(fileId)
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
  }, [fileId, wanted]);
  return url;
}
