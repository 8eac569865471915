/** Reads a QR code from the camera's current frame: its text, or null when the frame holds none. */
export interface QrDecoder {
  decode(video: HTMLVideoElement): Promise<string | null>;
}

// The Barcode Detection API is not in TypeScript's DOM types yet.
interface BarcodeDetectorApi {
  getSupportedFormats(): Promise<string[]>;
  new (options: { formats: string[] }): { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
}

async function nativeDecoder(): Promise<QrDecoder | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorApi }).BarcodeDetector;
  if (!Detector || !(await Detector.getSupportedFormats()).includes('qr_code')) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return { decode: async (video) => (await detector.detect(video))[0]?.rawValue ?? null };
}

/**
 * The browser's own detector where it has one (Android, ChromeOS, macOS), otherwise zxing in
 * WebAssembly, loaded only now: the module and its 1 MB of wasm stay out of every other screen.
 */
export async function createQrDecoder(): Promise<QrDecoder> {
  const native = await nativeDecoder().catch(() => null);
  if (native) return native;
  const { zxingDecoder } = await import('./zxing-decoder.ts');
  return zxingDecoder();
}
