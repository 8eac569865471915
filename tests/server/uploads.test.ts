import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rowsOf } from '#server/db/client.ts';
import { fileRef, historyEntry } from '#shared/schemas/common.ts';
import { incident } from '#shared/schemas/incident.ts';
import { ticket, ticketPage } from '#shared/schemas/ticket.ts';
import { multipart, type Part } from './helpers/multipart.ts';
import { type Account, addMachine, useTeamApp } from './helpers/app.ts';
import { errorMessage, idOf } from './helpers/json.ts';

const t = useTeamApp();
let ticketId: string;
let incidentId: string;

beforeAll(async () => {
  const machineId = await addMachine(t);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/tickets',
    headers: t.team.operator.headers,
    payload: { title: 'Cracked guard', description: 'See the photo', machine: machineId },
  });
  ticketId = idOf(created);
  const reported = await t.app.inject({
    method: 'POST',
    url: '/api/incidents',
    headers: t.team.operator.headers,
    payload: {
      title: 'Trip hazard',
      description: 'Cable across walkway',
      location: 'Hall 1',
      department: 'Maintenance',
      incidentDate: new Date().toISOString(),
    },
  });
  incidentId = idOf(reported);
});

const bytes = (head: number[] | string, size = 256) => {
  const start = typeof head === 'string' ? Buffer.from(head, 'latin1') : Buffer.from(head);
  const body = Buffer.alloc(size);
  start.copy(body);
  for (let index = start.length; index < size; index += 1) body[index] = (index * 31) % 256;
  return body;
};

const samples = {
  png: { filename: 'guard.png', type: 'image/png', data: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpeg: { filename: 'guard.JPG', type: 'image/jpeg', data: bytes([0xff, 0xd8, 0xff, 0xe0]) },
  gif: { filename: 'spark.gif', type: 'image/gif', data: bytes('GIF89a') },
  webp: { filename: 'floor.webp', type: 'image/webp', data: bytes('RIFF\x00\x01\x00\x00WEBPVP8 ') },
  heic: { filename: 'IMG_0042.heic', type: 'image/heic', data: bytes('\x00\x00\x00\x18ftypheic') },
  pdf: { filename: 'permit.pdf', type: 'application/pdf', data: bytes('%PDF-1.7\n') },
  doc: {
    filename: 'report.doc',
    type: 'application/msword',
    data: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  },
  docx: {
    filename: 'report.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    data: bytes('PK\x03\x04'),
  },
};

function post(url: string, parts: Part[], by: Account = t.team.operator) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({ method: 'POST', url, headers: { ...by.headers, 'content-type': contentType }, payload });
}

async function uploadOne(sample: Omit<Part, 'name'>, by: Account = t.team.operator) {
  const response = await post('/api/upload/single', [{ name: 'file', ...sample }], by);
  expect(response.statusCode, response.body).toBe(201);
  return fileRef.parse(response.json());
}

describe('uploading files', () => {
  it('accepts every allowed type from every role and answers with a file reference', async () => {
    for (const sample of Object.values(samples)) {
      const ref = await uploadOne(sample);
      expect(ref).toMatchObject({
        originalName: sample.filename,
        mimeType: sample.type,
        size: sample.data.length,
        uploadedBy: t.team.operator._id,
      });
    }
    for (const account of [t.team.admin, t.team.engineer, t.team.safety]) {
      expect((await uploadOne(samples.png, account)).uploadedBy).toBe(account._id);
    }
  });

  it('serves the same bytes back with safe headers, to signed-in users only', async () => {
    const name = 'Prüfbericht Nr 1 (final).pdf';
    const ref = await uploadOne({ ...samples.pdf, filename: name });
    expect(ref.originalName).toBe(name);
    const response = await t.app.inject({ url: `/api/upload/${ref._id}`, headers: t.team.safety.headers });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(samples.pdf.data)).toBe(true);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Pr_fbericht Nr 1 (final).pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20Nr%201%20%28final%29.pdf`,
    );
    expect(response.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    const image = await uploadOne(samples.jpeg);
    const shown = await t.app.inject({ url: `/api/upload/${image._id}`, headers: t.team.operator.headers });
    expect(shown.headers['content-disposition']).toMatch(/^inline; /);
    expect((await t.app.inject({ url: `/api/upload/${ref._id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/upload/${randomUUID()}`, headers: t.team.operator.headers })).json(),
    ).toEqual({
      message: 'File not found',
    });
  });

  it('uploads up to 5 files at once and refuses a sixth with 413', async () => {
    const three = [samples.png, samples.pdf, samples.docx].map((sample) => ({ name: 'files', ...sample }));
    const response = await post('/api/upload/multiple', three);
    expect(response.statusCode, response.body).toBe(201);
    const refs = z.array(fileRef).parse(response.json());
    expect(refs.map((ref) => ref.originalName)).toEqual(['guard.png', 'permit.pdf', 'report.docx']);

    const six = Array.from({ length: 6 }, (_, index) => ({ name: 'files', ...samples.png, filename: `p${index}.png` }));
    const tooMany = await post('/api/upload/multiple', six);
    expect(tooMany.statusCode).toBe(413);
    expect(errorMessage(tooMany)).toBe('Too many files: at most 5 per upload');
    const twoInSingle = await post('/api/upload/single', [
      { name: 'file', ...samples.png },
      { name: 'file', ...samples.gif },
    ]);
    expect(twoInSingle.statusCode).toBe(413);
    expect(errorMessage(twoInSingle)).toBe('Too many files: at most 1 per upload');
  });

  it('refuses types outside the list, and files whose content does not match their type, with 415', async () => {
    const cases: Omit<Part, 'name'>[] = [
      { filename: 'notes.txt', type: 'text/plain', data: Buffer.from('hello') },
      { filename: 'setup.exe', type: 'application/x-msdownload', data: bytes('MZ\x90\x00') },
      { filename: 'photo.png', type: 'image/png', data: bytes('MZ\x90\x00') },
      { filename: 'photo.png', type: 'application/pdf', data: samples.pdf.data },
      { filename: 'drawing.svg', type: 'image/svg+xml', data: Buffer.from('<svg onload="alert(1)"/>') },
    ];
    for (const sample of cases) {
      const response = await post('/api/upload/single', [{ name: 'file', ...sample }]);
      expect(response.statusCode, sample.filename).toBe(415);
      expect(errorMessage(response)).toContain(sample.filename);
    }
    const spoofed = await post('/api/upload/single', [
      { name: 'file', filename: 'photo.png', type: 'image/png', data: bytes('MZ') },
    ]);
    expect(errorMessage(spoofed)).toBe(
      '"photo.png" is not really a image/png file: its content does not match its type',
    );
  });

  it('refuses a file over 10 MB with 413', async () => {
    const data = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 10 * 1024 * 1024 + 1);
    const response = await post('/api/upload/single', [
      { name: 'file', filename: 'huge.png', type: 'image/png', data },
    ]);
    expect(response.statusCode).toBe(413);
    expect(errorMessage(response)).toBe('File is too large: the limit is 10 MB');
  });

  it('answers broken or incomplete uploads with 400 or 415 and a message, never a 5xx', async () => {
    const upload = (payload: string | Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/upload/single',
        headers: { ...t.team.operator.headers, 'content-type': contentType },
        payload,
      });
    const valid = multipart([{ name: 'file', ...samples.png }]);
    const cases: [Promise<{ statusCode: number; json(): { message: string } }>, number, RegExp][] = [
      [upload('garbage', 'multipart/form-data'), 400, /not valid multipart/],
      [
        upload('garbage without any boundary', 'multipart/form-data; boundary=xyz'),
        400,
        /No file received|not valid multipart/,
      ],
      [upload(valid.payload.subarray(0, 150), valid.contentType), 400, /not valid multipart/],
      [upload('{"file":"x"}', 'application/json'), 415, /multipart\/form-data/],
      [
        post('/api/upload/single', [{ name: 'note', value: 'no file here' }]),
        400,
        /No file received: send it in the form field "file"/,
      ],
      [post('/api/upload/single', [{ name: 'upload', ...samples.png }]), 400, /form field "file", not "upload"/],
      [post('/api/upload/multiple', [{ name: 'file', ...samples.png }]), 400, /form field "files"/],
      [
        post('/api/upload/single', [
          { name: '_id', value: 'abc' },
          { name: 'file', ...samples.png },
        ]),
        400,
        /_id must be a UUID/,
      ],
      [
        post('/api/upload/single', [{ name: 'file', ...samples.png, data: Buffer.alloc(0) }]),
        400,
        /"guard.png" is empty/,
      ],
      [post('/api/upload/single', [{ name: 'file', ...samples.png, filename: '' }]), 400, /no name/],
    ];
    for (const [pending, status, message] of cases) {
      const response = await pending;
      expect(response.statusCode, String(message)).toBe(status);
      expect(errorMessage(response)).toMatch(message);
    }
  });

  it('replays an upload by its _id; another user gets 409', async () => {
    const _id = randomUUID();
    const parts = [
      { name: '_id', value: _id },
      { name: 'file', ...samples.gif },
    ];
    const first = await post('/api/upload/single', parts);
    const second = await post('/api/upload/single', parts);
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(fileRef.parse(second.json())).toEqual(fileRef.parse(first.json()));
    expect(idOf(first)).toBe(_id);
    expect((await post('/api/upload/single', parts, t.team.engineer)).statusCode).toBe(409);
    expect(await unlinkedChunks(), 'bytes of the replays are dropped').toBe(0);
  });

  it('stores a large file in chunks and serves it back whole', async () => {
    const large = { ...samples.pdf, data: bytes('%PDF-1.7\n', 3 * 1024 * 1024 + 17) };
    const ref = await uploadOne(large);
    const response = await t.app.inject({ url: `/api/upload/${ref._id}`, headers: t.team.operator.headers });
    expect(response.rawPayload.equals(large.data)).toBe(true);
    const [{ chunks }] = rowsOf<{ chunks: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as chunks from file_chunks c join files f on f.blob_id = c.blob_id where f.id = ${ref._id}`,
      ),
    ) as [{ chunks: number }];
    expect(chunks).toBeGreaterThan(1);
  });

  it('drops the bytes a stopped server left unlinked for a day when it starts', async () => {
    await t.database.db.execute(
      sql`insert into file_chunks (blob_id, seq, data, created_at) values (${randomUUID()}, 0, '\\x00', now() - interval '2 days')`,
    );
    expect(await unlinkedChunks()).toBe(1);
    await t.app.repos.files.dropAbandonedChunks();
    expect(await unlinkedChunks()).toBe(0);
  });
});

async function unlinkedChunks() {
  const result = await t.database.db.execute(
    sql`select count(*)::int as count from file_chunks c where not exists (select 1 from files f where f.blob_id = c.blob_id)`,
  );
  return rowsOf<{ count: number }>(result)[0]!.count;
}

describe('deleting files', () => {
  it('lets the uploader or an admin delete a file; others get 403', async () => {
    const ref = await uploadOne(samples.png, t.team.operator);
    for (const account of [t.team.engineer, t.team.safety]) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/upload/${ref._id}`,
        headers: account.headers,
      });
      expect(response.statusCode).toBe(403);
      expect(errorMessage(response)).toBe('Only the person who uploaded a file or an Administrator may delete it.');
    }
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/${ref._id}`,
      headers: t.team.admin.headers,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/upload/${ref._id}`, headers: t.team.admin.headers })).statusCode).toBe(404);

    const own = await uploadOne(samples.pdf, t.team.safety);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/upload/${own._id}`, headers: t.team.safety.headers }))
        .statusCode,
    ).toBe(200);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/${own._id}`,
      headers: t.team.safety.headers,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('attachments', () => {
  it('attaches a file to a ticket, replay-safe, and shows it on the record and the list', async () => {
    const _id = randomUUID();
    const parts = [
      { name: '_id', value: _id },
      { name: 'file', ...samples.jpeg },
    ];
    const url = `/api/tickets/${ticketId}/attachments`;
    const first = await post(url, parts, t.team.engineer);
    expect(first.statusCode, first.body).toBe(201);
    const attached = ticket.parse(first.json());
    expect(attached.attachments).toEqual([
      expect.objectContaining({ _id, originalName: 'guard.JPG', mimeType: 'image/jpeg' }),
    ]);
    expect(attached.version).toBe(2);

    const replay = await post(url, parts, t.team.engineer);
    expect(replay.statusCode).toBe(200);
    expect(ticket.parse(replay.json())).toMatchObject({ version: 2, attachments: [expect.objectContaining({ _id })] });
    expect((await post(url, parts, t.team.operator)).statusCode).toBe(409);

    const listed = ticketPage.parse(
      (await t.app.inject({ url: '/api/tickets?search=cracked%20guard', headers: t.team.safety.headers })).json(),
    );
    expect(listed.tickets[0]!.attachments.map((ref) => ref._id)).toEqual([_id]);
    const download = await t.app.inject({ url: `/api/upload/${_id}`, headers: t.team.operator.headers });
    expect(download.rawPayload.equals(samples.jpeg.data)).toBe(true);
  });

  it('attaches a file to an incident', async () => {
    const response = await post(
      `/api/incidents/${incidentId}/attachments`,
      [{ name: 'file', ...samples.heic }],
      t.team.operator,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(incident.parse(response.json()).attachments).toEqual([
      expect.objectContaining({
        originalName: 'IMG_0042.heic',
        mimeType: 'image/heic',
        size: samples.heic.data.length,
      }),
    ]);
  });

  it('bumps the record and keeps history when an attached file is deleted', async () => {
    const before = ticket.parse(
      (await t.app.inject({ url: `/api/tickets/${ticketId}`, headers: t.team.admin.headers })).json(),
    );
    const attached = ticket.parse(
      (await post(`/api/tickets/${ticketId}/attachments`, [{ name: 'file', ...samples.doc }], t.team.operator)).json(),
    );
    const added = attached.attachments.find((ref) => ref.originalName === 'report.doc')!;
    expect(attached.version).toBe(before.version + 1);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/upload/${added._id}`,
      headers: t.team.operator.headers,
    });
    expect(removed.statusCode).toBe(200);
    const after = ticket.parse(
      (await t.app.inject({ url: `/api/tickets/${ticketId}`, headers: t.team.admin.headers })).json(),
    );
    expect(after.version).toBe(before.version + 2);
    expect(after.attachments.map((ref) => ref._id)).not.toContain(added._id);
    const history = z
      .array(historyEntry)
      .parse((await t.app.inject({ url: `/api/tickets/${ticketId}/history`, headers: t.team.admin.headers })).json());
    expect(history.slice(-2).map((entry) => [entry.field, entry.oldValue === null, entry.newValue === null])).toEqual([
      ['attachment', true, false],
      ['attachment', false, true],
    ]);
  });

  it('answers 404 for an unknown record and 415 for a refused file, changing nothing', async () => {
    const unknown = await post(`/api/tickets/${randomUUID()}/attachments`, [{ name: 'file', ...samples.png }]);
    expect(unknown.statusCode).toBe(404);
    expect(errorMessage(unknown)).toBe('Ticket not found');
    const unknownIncident = await post(`/api/incidents/${randomUUID()}/attachments`, [
      { name: 'file', ...samples.png },
    ]);
    expect(unknownIncident.json()).toEqual({ message: 'Incident not found' });
    const before = incident.parse(
      (await t.app.inject({ url: `/api/incidents/${incidentId}`, headers: t.team.admin.headers })).json(),
    );
    const refused = await post(`/api/incidents/${incidentId}/attachments`, [
      { name: 'file', filename: 'run.sh', type: 'text/x-sh', data: Buffer.from('#!/bin/sh') },
    ]);
    expect(refused.statusCode).toBe(415);
    const after = incident.parse(
      (await t.app.inject({ url: `/api/incidents/${incidentId}`, headers: t.team.admin.headers })).json(),
    );
    expect(after.version).toBe(before.version);
  });
});
