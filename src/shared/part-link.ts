import { webUrl } from './machine-link.ts';

/** The links a part's and a bin's labels hold: the Parts screen on that part, or on that bin's parts. */
export const partLink = (origin: string, partId: string) => `${origin}/parts?part=${partId}`;
export const binLink = (origin: string, binId: string) => `${origin}/parts?bin=${binId}`;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a scanned part or bin label names, or null when it is neither (any host, as for machine labels). */
export function partLabelFromQr(text: string): { part: string } | { bin: string } | null {
  const url = webUrl(text);
  if (!url || url.pathname.replace(/\/$/, '') !== '/parts') return null;
  const [part, bin] = [url.searchParams.get('part'), url.searchParams.get('bin')];
  if (part && uuid.test(part)) return { part: part.toLowerCase() };
  if (bin && uuid.test(bin)) return { bin: bin.toLowerCase() };
  return null;
}
