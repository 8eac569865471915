import { Camera, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '#client/components/ui/Button.tsx';
import { problemWith } from './file-rules.ts';

/** One photo, from the camera or the gallery, previewed before it is sent. */
export function PhotoField({ photo, onChange }: { photo: File | null; onChange: (photo: File | null) => void }) {
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => photo && URL.createObjectURL(photo), [photo]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <span className="text-sm font-medium text-slate-700">Photo (optional)</span>
      {photo ? (
        <div className="flex items-center gap-3">
          {preview && <img src={preview} alt="The photo to send" className="size-20 rounded-lg border object-cover" />}
          <span className="min-w-0 flex-1 truncate text-sm text-slate-700">{photo.name}</span>
          <Button variant="ghost" size="icon" aria-label="Remove the photo" onClick={() => onChange(null)}>
            <X aria-hidden="true" className="size-5" />
          </Button>
        </div>
      ) : (
        <label className="relative flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-4 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600">
          <Camera aria-hidden="true" className="size-5" />
          Take or choose a photo
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="absolute inset-0 size-full cursor-pointer opacity-0"
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              event.target.value = '';
              const problem = file && problemWith(file);
              setError(problem ?? null);
              if (file && !problem) onChange(file);
            }}
          />
        </label>
      )}
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
