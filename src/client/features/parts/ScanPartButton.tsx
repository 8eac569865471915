import { ScanLine } from 'lucide-react';
import { useState } from 'react';
import type { BinRef } from '#shared/schemas/part.ts';
import { partLabelFromQr } from '#shared/part-link.ts';
import { Button } from '#client/components/ui/Button.tsx';
import { localDb } from '#client/data/store/db.ts';
import { useCameraScan } from '#client/features/scan/use-camera-scan.ts';
import { Viewfinder } from '#client/features/scan/Viewfinder.tsx';
import { PartChoiceList } from './PartChoiceList.tsx';
import type { LocalPart } from './use-parts.ts';

type OnPart = (part: LocalPart, bin?: BinRef) => void;

const cameraMessages = {
  noCamera: 'No camera was found on this device: search the part by number or name.',
  starting: '',
  scanning: 'Looking for a part or bin label…',
};

/** The camera, until a part's or a bin's label is read; a bin with several parts offers them. */
function PartScanner({ onPart }: { onPart: OnPart }) {
  const [notice, setNotice] = useState<string | null>(null);
  const [inBin, setInBin] = useState<{ bin: BinRef; parts: LocalPart[] } | null>(null);
  const { videoRef, state } = useCameraScan(async (text) => {
    const label = partLabelFromQr(text);
    if (!label) {
      setNotice('This QR code is not a part or bin label.');
      return false;
    }
    if ('part' in label) {
      const part = await localDb.parts.get(label.part);
      if (part) onPart(part);
      else setNotice('This label names a part that is not on this device.');
      return !!part;
    }
    const parts = await localDb.parts.filter((part) => part.bins.some((row) => row.bin._id === label.bin)).toArray();
    const bin = parts[0]?.bins.find((row) => row.bin._id === label.bin)?.bin;
    if (!bin) {
      setNotice('No part on this device is kept in this bin.');
      return false;
    }
    if (parts.length === 1) onPart(parts[0]!, bin);
    else setInBin({ bin, parts });
    return true;
  });

  if (inBin) {
    return (
      <section aria-label={`Parts in ${inBin.bin.code}`} className="space-y-2">
        <p className="text-sm text-slate-700">
          {inBin.bin.storeroom.name} {inBin.bin.code} holds {inBin.parts.length} parts: choose one.
        </p>
        <PartChoiceList parts={inBin.parts} onChoose={(part) => onPart(part, inBin.bin)} />
      </section>
    );
  }
  const message = state.kind === 'failed' ? state.message : (notice ?? cameraMessages[state.kind]);
  return (
    <div className="space-y-2">
      <Viewfinder videoRef={videoRef} state={state} />
      <p role="status" className="min-h-6 text-sm text-slate-700">
        {message}
      </p>
    </div>
  );
}

/**
 * "Scan label" where a part is chosen (the Issue part dialog): reads a part's label (that part) or a
 * bin's (its part, with the bin) from the device's catalogue, so offline too.
 */
export function ScanPartButton({ onPart }: { onPart: OnPart }) {
  const [scanning, setScanning] = useState(false);
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => setScanning((now) => !now)} aria-pressed={scanning}>
        <ScanLine aria-hidden="true" className="size-4" /> {scanning ? 'Stop scanning' : 'Scan label'}
      </Button>
      {scanning && <PartScanner onPart={onPart} />}
    </div>
  );
}
