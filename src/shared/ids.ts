/**
 * Record ids made on a device or the server. `crypto.randomUUID` and `crypto.subtle` exist only in
 * secure contexts, and plants serve the app over plain HTTP on a LAN name, so neither is relied on:
 * `getRandomValues` works everywhere, and derived ids use the small SHA-1 below.
 */

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

function formatUuid(bytes: Uint8Array, version: number): string {
  bytes[6] = (bytes[6]! & 0x0f) | (version << 4);
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const text = hex(bytes.subarray(0, 16));
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

/** A random (version 4) UUID, in any context. */
export function newId(): string {
  return formatUuid(crypto.getRandomValues(new Uint8Array(16)), 4);
}

const rotate = (value: number, by: number) => (value << by) | (value >>> (32 - by));

function sha1(message: Uint8Array): Uint8Array {
  const length = message.length;
  const padded = new Uint8Array((((length + 8) >> 6) + 1) * 64);
  padded.set(message);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 4, length * 8);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const words = new Array<number>(80);
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i += 1) words[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 80; i += 1)
      words[i] = rotate(words[i - 3]! ^ words[i - 8]! ^ words[i - 14]! ^ words[i - 16]!, 1);
    let [a, b, c, d, e] = state as [number, number, number, number, number];
    for (let i = 0; i < 80; i += 1) {
      const [mix, constant] =
        i < 20
          ? [(b & c) | (~b & d), 0x5a827999]
          : i < 40
            ? [b ^ c ^ d, 0x6ed9eba1]
            : i < 60
              ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
              : [b ^ c ^ d, 0xca62c1d6];
      const next = (rotate(a, 5) + mix + e + constant + words[i]!) | 0;
      [e, d, c, b, a] = [d, c, rotate(b, 30), a, next];
    }
    [a, b, c, d, e].forEach((value, i) => (state[i] = (state[i]! + value) | 0));
  }
  const digest = new Uint8Array(20);
  state.forEach((value, i) => new DataView(digest.buffer).setUint32(i * 4, value));
  return digest;
}

const uuidBytes = (uuid: string) => Uint8Array.from(uuid.replace(/-/g, '').match(/../g)!, (pair) => parseInt(pair, 16));

/**
 * A name-based (version 5) UUID: the same namespace id and name give the same id on every device and
 * the server, so two devices deriving one record (the next occurrence of a series, the ticket a failed
 * checklist item raises) create it once under the server's create-once rule.
 */
export function derivedId(namespace: string, name: string): string {
  const nameBytes = new TextEncoder().encode(name);
  const message = new Uint8Array(16 + nameBytes.length);
  message.set(uuidBytes(namespace));
  message.set(nameBytes, 16);
  return formatUuid(sha1(message), 5);
}
