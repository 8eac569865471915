import type { RefObject } from 'react';
import { Spinner } from '#client/components/ui/Spinner.tsx';
import type { ScanState } from './use-camera-scan.ts';

/** The camera's picture with the frame to hold the label in, while the camera starts or scans. */
export function Viewfinder({ videoRef, state }: { videoRef: RefObject<HTMLVideoElement | null>; state: ScanState }) {
  if (state.kind !== 'starting' && state.kind !== 'scanning') return null;
  return (
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
  );
}
