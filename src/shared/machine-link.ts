/** The link a machine's label holds: its page in the app (opened by the scanner, or by any phone camera). */
export function machineLink(origin: string, machineId: string): string {
  return `${origin}/machines/${machineId}`;
}

const machinePath = /^\/machines\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * The machine id a scanned QR names, or null when it is not one of our labels. Any host is accepted:
 * labels printed from the plant's server under another name (its IP address) still open here.
 */
export function machineIdFromQr(text: string): string | null {
  const url = webUrl(text);
  return (url && machinePath.exec(url.pathname)?.[1]?.toLowerCase()) ?? null;
}

/** A scanned text as an http(s) URL, or null when it is none. */
export function webUrl(text: string): URL | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}
