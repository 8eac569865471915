import type { Writable } from 'node:stream';

const levels: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has, or that the readable form shows in its own place. */
const shown = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'method', 'url', 'statusCode', 'ms']);

/** A pino line as a person reads it: `12:01:02 info GET /api/tickets 200 12 ms`, other fields after. */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = new Date(Number(entry.time)).toTimeString().slice(0, 8);
  const level = levels[Number(entry.level)] ?? String(entry.level);
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  const request = entry.method ? `${text(entry.method)} ${text(entry.url)}` : '';
  const answered = entry.statusCode === undefined ? '' : `${request} ${text(entry.statusCode)} ${text(entry.ms)} ms`;
  // A request's own line is its answer; another line about it (it arrived) is its message and the request.
  const message = answered || [text(entry.msg), request].filter(Boolean).join(' ');
  const rest = Object.entries(entry)
    .filter(([key]) => !shown.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return [time, level, message, ...rest].join(' ').trimEnd() + '\n';
}

/** The log's destination: readable lines on a terminal (or with LOG_FORMAT=pretty), JSON otherwise. */
export function logDestination(format: 'auto' | 'json' | 'pretty', out: Writable & { isTTY?: boolean }) {
  if (format === 'json' || (format === 'auto' && !out.isTTY)) return undefined;
  return { write: (line: string) => out.write(readableLine(line)) };
}
