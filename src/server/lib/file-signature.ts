/**
 * Checks that a file's first bytes match its declared type, so a renamed executable or script
 * is refused even when its name and Content-Type claim to be a photo or a document.
 */
const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, index) => data[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const isoMediaBrands = ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif'];

const signatures: Record<string, (data: Buffer) => boolean> = {
  'image/jpeg': (data) => startsWith(data, [0xff, 0xd8, 0xff]),
  'image/png': (data) => startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/gif': (data) => startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a')),
  'image/webp': (data) => startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8),
  'image/heic': isIsoMedia,
  'image/heif': isIsoMedia,
  // Readers accept the header anywhere in the first kilobyte.
  'application/pdf': (data) => data.subarray(0, 1024).includes('%PDF-'),
  'application/msword': (data) => startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': (data) =>
    startsWith(data, [0x50, 0x4b, 0x03, 0x04]),
};

function isIsoMedia(data: Buffer): boolean {
  return startsWith(data, ascii('ftyp'), 4) && isoMediaBrands.includes(data.subarray(8, 12).toString('latin1'));
}

export function matchesSignature(mimeType: string, data: Buffer): boolean {
  const check = signatures[mimeType.toLowerCase()];
  return check !== undefined && check(data);
}
