import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivedId, newId } from '#shared/ids.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-([45])[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const dnsNamespace = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';

/** RFC 9562's version 5 recipe with Node's own SHA-1, to check ours against. */
function nodeV5(namespace: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name)
    .digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const text = hash.subarray(0, 16).toString('hex');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

describe('ids', () => {
  it('makes random version 4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 1000 }, newId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(uuidPattern);
  });

  it('derives the standard version 5 UUID', () => {
    expect(derivedId(dnsNamespace, 'www.example.com')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
  });

  it('derives what Node derives for names of every length and script', () => {
    for (let length = 0; length < 150; length += 7) {
      const name = `série ✓ ${'x'.repeat(length)} ${length}`;
      const namespace = newId();
      expect(derivedId(namespace, name)).toBe(nodeV5(namespace, name));
    }
  });
});
