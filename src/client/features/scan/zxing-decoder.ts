import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDecoder } from './qr-decoder.ts';

// The wasm comes from this app (precached by the service worker, so scanning works offline), not
// from the CDN the package would fetch it from by default.
prepareZXingModule({
  overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
});

export function zxingDecoder(): QrDecoder {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  return {
    async decode(video) {
      if (video.videoWidth === 0) return null;
      canvas.width = video.videoWidth;
      canvas.height = video.videoHeight;
      context.drawImage(video, 0, 0);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      const [found] = await readBarcodes(frame, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
      return found?.isValid ? found.text : null;
    },
  };
}
