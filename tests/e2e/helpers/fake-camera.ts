import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { chromiumOptions } from './browser.ts';

// The test's own decoder reads the wasm from the package, not from the CDN it would fetch by default.
prepareZXingModule({
  overrides: { wasmBinary: readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm').buffer },
});

/** The texts of the QR codes in a picture (a label's screenshot: the label as printed, photographed). */
export async function decodeQr(image: Buffer): Promise<string[]> {
  const found = await readBarcodes(new Uint8Array(image), { formats: ['QRCode'], tryHarder: true });
  return found.filter((result) => result.isValid).map((result) => result.text);
}

/**
 * A Chromium whose camera films `photo` (a label's screenshot) in the middle of a 640x480 white frame,
 * through Chromium's fake capture device: the only thing faked, outside the product.
 */
export async function browserFilming(browser: Browser, photo: Buffer, dir: string): Promise<Browser> {
  const framer = await browser.newPage({ viewport: { width: 640, height: 480 } });
  await framer.setContent(
    `<body style="margin:0;display:grid;place-items:center;height:100vh;background:#fff">
      <img src="data:image/png;base64,${photo.toString('base64')}"></body>`,
  );
  const camera = path.join(dir, `camera-${crypto.randomUUID()}.mjpeg`);
  writeFileSync(camera, await framer.screenshot({ type: 'jpeg', quality: 95 }));
  await framer.close();
  return chromium.launch({
    ...chromiumOptions,
    args: [
      ...chromiumOptions.args,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${camera}`,
    ],
  });
}
