import { cmp, type DBCoreCursor, type DBCoreTransaction } from 'dexie';
import type { Entry } from './blocks.ts';

/**
 * A cursor over entries already read (record-blocks.ts): what Dexie's collections iterate with
 * (`each`, `filter`, `keys`, `modify` by function), moving as IndexedDB's cursors do.
 */
export function cursorOver(trans: DBCoreTransaction, entries: Entry[], reverse: boolean): DBCoreCursor | null {
  if (entries.length === 0) return null;
  let at = 0;
  let moved = false;
  let looping = false;
  let onEntry: () => void = () => {};
  let finish: (value?: unknown) => void = () => {};
  let failWith: (error: unknown) => void = () => {};
  const before = (key: unknown, target: unknown) => (reverse ? cmp(key, target) > 0 : cmp(key, target) < 0);

  const step = () => {
    looping = true;
    while (moved) {
      moved = false;
      if (at >= entries.length) {
        cursor.done = true;
        finish();
        break;
      }
      try {
        onEntry();
      } catch (error) {
        failWith(error);
        break;
      }
    }
    looping = false;
  };
  // A move made later than the entry's callback (IndexedDB allows it) goes on from there.
  const move = () => {
    moved = true;
    if (!looping) queueMicrotask(step);
  };

  const cursor: DBCoreCursor & { done: boolean } = {
    trans,
    done: false,
    get key() {
      return entries[at]?.key;
    },
    get primaryKey() {
      return entries[at]?.record._id;
    },
    get value() {
      return entries[at]?.record;
    },
    continue(key?: unknown) {
      at += 1;
      if (key !== undefined) while (at < entries.length && before(entries[at]!.key, key)) at += 1;
      move();
    },
    continuePrimaryKey(key: unknown, primaryKey: unknown) {
      at += 1;
      while (
        at < entries.length &&
        (before(entries[at]!.key, key) ||
          (cmp(entries[at]!.key, key) === 0 && before(entries[at]!.record._id, primaryKey)))
      ) {
        at += 1;
      }
      move();
    },
    advance(count: number) {
      at += count;
      move();
    },
    start(callback: () => void) {
      return new Promise((resolve, reject) => {
        onEntry = callback;
        finish = (value) => {
          moved = false;
          resolve(value);
        };
        failWith = reject;
        moved = true;
        step();
      });
    },
    stop(value?: unknown) {
      finish(value);
    },
    next() {
      let gotOne = 1;
      return this.start(() => (gotOne-- ? this.continue() : this.stop())).then(() => this);
    },
    fail(error: Error) {
      failWith(error);
    },
  };
  return cursor;
}
