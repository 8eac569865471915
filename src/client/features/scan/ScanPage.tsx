import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { PageHeader } from '#client/components/ui/PageHeader.tsx';
import { localDb } from '#client/data/store/db.ts';
import { machineIdFromQr } from '#shared/machine-link.ts';
import { partLabelFromQr } from '#shared/part-link.ts';
import { MachineSearch } from './MachineSearch.tsx';
import { useCameraScan } from './use-camera-scan.ts';
import { Viewfinder } from './Viewfinder.tsx';

/**
 * Scans a machine's label and opens the machine, or a part's or a bin's label and opens the part or
 * the bin's parts, from this device's records (so offline too). A code that is not one of our labels,
 * or names a machine or part this device does not have, is said so on screen. Without a working
 * camera the viewfinder goes and the search by name or ID is what the page offers.
 */
export function ScanPage() {
  const navigate = useNavigate();
  const [notice, setNotice] = useState<string | null>(null);
  const { videoRef, state } = useCameraScan(async (text) => {
    const stores = partLabelFromQr(text);
    if (stores && 'bin' in stores) {
      await navigate({ to: '/parts', search: { bin: stores.bin } });
      return true;
    }
    if (stores) {
      if (!(await localDb.parts.get(stores.part))) {
        setNotice('This label names a part that is not on this device. It may have been removed.');
        return false;
      }
      await navigate({ to: '/parts', search: { part: stores.part } });
      return true;
    }
    const id = machineIdFromQr(text);
    if (!id) {
      setNotice('This QR code is not an IMSP machine, part or bin label.');
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
        title="Scan Label"
        subtitle={
          hasViewfinder
            ? 'Point the camera at the QR code on the machine, the part or the bin'
            : 'Find a machine by name or ID'
        }
      />
      <div className="mx-auto max-w-xl space-y-4">
        <Viewfinder videoRef={videoRef} state={state} />
        <p role="status" className="min-h-6 text-sm text-slate-700">
          {message}
        </p>
        <MachineSearch />
      </div>
    </>
  );
}
