import { randomUUID } from 'node:crypto';

export interface Part {
  name: string;
  value?: string;
  filename?: string;
  type?: string;
  data?: Buffer;
}

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]) {
  const boundary = `----imsp-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined)
      head += `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`), part.data ?? Buffer.from(part.value ?? ''), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
