import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import { localDb } from '#client/data/store/db.ts';
import { machineIdFromQr } from '#shared/machine-link.ts';
import { MachineSearch } from './MachineSearch.tsx';
import { useCameraScan } from './use-camera-scan.ts';

/**
 * Scans a machine's label and opens the machine, from this device's records (so offline too). A code
 * that is not one of our labels, or names a machine this device does not have, is said so on screen.
 * Without a working camera the viewfinder goes and the search by name or ID is what the page offers.
 */
export function ScanPage() {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const { videoRef, state } = useCameraScan(async (text) => {
    const id = machineIdFromQr(text);
    if (!id) {
      setNotice('This QR code is not an IMSP machine label.');
      return false;
    }
    if (!(await localDb.machines.get(id))) {
      setNotice('This label names a machine that is not on this device. It may have been deleted.');
      return false;
    }
    await navigate({ to: '/machines', search: { machine: id } });
    return true;
  });

  const hasViewfinder = state.kind === 'starting' || state.kind === 'scanning';
  const message =
    state.kind === 'noCamera'
      ? 'No camera was found on this device. Find the machine by its name or ID instead.'
      : state.kind === 'failed'
        ? `${state.message} Or find the machine by its name or ID.`
        : (notice ?? (state.kind === 'scanning' ? 'Looking for a label…' : ''));

  return (
    <>
      <PageHeader
        title="Scan Machine Label"
        subtitle={hasViewfinder ? 'Point the camera at the QR code on the machine' : 'Find a machine by name or ID'}
      />
      <div className="mx-auto max-w-xl space-y-4">
        {hasViewfinder && (
          <div className="relative aspect-[4/3] overflow-hidden rounded-xl bg-ink-900">
            <video ref={videoRef} muted playsInline className="size-full object-cover" aria-label="Camera" />
            <div
              aria-hidden="true"
              className="absolute inset-[20%] rounded-lg border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.35)]"
            />
            {state.kind === 'starting' && (
              <div className="absolute inset-0 flex items-center justify-center text-white">
                <Spinner label="Starting the camera" showLabel className="size-6" />
              </div>
            )}
          </div>
        )}
        <p role="status" className="min-h-6 text-sm text-slate-700">
          {message}
        </p>
        <MachineSearch />
      </div>
    </>
  );
}
