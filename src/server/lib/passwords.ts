import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { tooManyRequests } from './errors.ts';
import { Slots } from './slots.ts';

// OWASP's scrypt floor: N=2^17, r=8, p=1 (128 MiB per hash).
const params = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 } satisfies ScryptOptions;
const keyLength = 64;

// One hash at a time on a two-core server, two on a larger one: each takes a core, 128 MiB and one of
// libuv's four threads (which file reads and response compression need too), so a flood of sign-ins
// leaves HTTP and the database their share. Eight per hash may wait (about three seconds); beyond that
// a sign-in is refused rather than left hanging.
const hashesAtOnce = Math.min(2, Math.max(1, availableParallelism() - 1));
const hashing = new Slots(hashesAtOnce, 8 * hashesAtOnce);
const busyRetryAfterSeconds = 5;

/** 429 when no more hashes may wait: a sign-in checks this first, so a refused one costs no query either. */
export function refuseWhenHashingIsFull(): void {
  if (hashing.isFull) {
    throw tooManyRequests(
      'The server is checking many sign-ins right now. Please try again in a few seconds.',
      busyRetryAfterSeconds,
    );
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  refuseWhenHashingIsFull();
  return hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );
}

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking stored hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: params.maxmem };
  const actual = await derive(password, Buffer.from(salt, 'base64'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * Compared against when the email is unknown, so both failures take the same time: the hash of a
 * random password nobody kept, with the current parameters (a test checks them). A constant, where
 * hashing one at each start cost every start a hash.
 */
export const unknownUserHash =
  'scrypt$131072$8$1$s7vS7dbi+vGofriaRLwD1A==$mn1NHLtEqs+KHKqRsOLAxbLUJxGv6r/ucufbnkA8TQ4WT03DCS6cGvP38IdR+EAyH7ZQvcDpOVkhCS6VUTsgpQ==';
