import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { createQrDecoder } from './qr-decoder.ts';

const frameEveryMs = 200;

export type ScanState =
  | { kind: 'starting' }
  | { kind: 'scanning' }
  | { kind: 'noCamera' }
  | { kind: 'failed'; message: string };

/** Whether the device has a camera at all; asked without a permission prompt. Unknown counts as yes. */
async function hasCamera(): Promise<boolean> {
  const devices = await navigator.mediaDevices.enumerateDevices().catch(() => null);
  return devices === null || devices.some((device) => device.kind === 'videoinput');
}

function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError') return 'The camera is blocked for this app. Allow it in the browser settings.';
  if (!navigator.mediaDevices) return 'The camera needs the app over HTTPS (or on this device).';
  return 'The camera could not be started. Close other apps that use it and try again.';
}

/**
 * Runs the back camera into `video` and hands each QR text it reads to `onText` until `onText` answers
 * true (done) or the screen closes; the camera is released either way.
 */
export function useCameraScan(onText: (text: string) => Promise<boolean>) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScanState>({ kind: 'starting' });
  const handle = useEffectEvent(onText);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    void (async () => {
      if (navigator.mediaDevices && !(await hasCamera())) return setState({ kind: 'noCamera' });
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (error) {
        const name = error instanceof DOMException ? error.name : '';
        if (name === 'NotFoundError' || name === 'OverconstrainedError') return setState({ kind: 'noCamera' });
        return setState({ kind: 'failed', message: cameraMessage(error) });
      }
      const video = videoRef.current;
      if (stopped || !video) return;
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      const decoder = await createQrDecoder();
      setState({ kind: 'scanning' });
      while (!stopped) {
        const text = await decoder.decode(video).catch(() => null);
        if (text && !stopped && (await handle(text))) return;
        await new Promise((resolve) => setTimeout(resolve, frameEveryMs));
      }
    })();
    return () => {
      stopped = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return { videoRef, state };
}
