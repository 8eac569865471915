import { useFileUrl } from '#client/features/attachments/use-file-url.ts';

/** A part's photo, from the server or the worker's cache; nothing while it cannot be read (offline, never seen). */
export function PartPhoto({ fileId, className = '' }: { fileId: string; className?: string }) {
  const url = useFileUrl(fileId);
  if (!url) return null;
  return <img src={url} alt="The part" className={`rounded-lg border border-slate-200 object-cover ${className}`} />;
}
