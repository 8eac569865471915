import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerTeam, type TestApp } from './helpers/app.ts';

/**
 * Throws malformed input at every route in the generated OpenAPI document and checks that each
 * answer is a JSON `{ message }` below 500: no input may crash the server or leak internals.
 */
let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  headers = (await registerTeam(t.app)).admin.headers;
});
afterAll(() => t.close());

const badIds = ['not-a-uuid', randomUUID(), "1' or '1'='1", '%00', 'x'.repeat(5000)];
const badBodies: { payload: string; contentType: string }[] = [
  { payload: '{', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: JSON.stringify({ title: 123, name: ['x'], status: { $ne: null }, page: -1, machine: 'nope' }), contentType: 'application/json' },
  { payload: JSON.stringify({ title: 'x'.repeat(100_000), description: 'y', comment: 'z'.repeat(100_000) }), contentType: 'application/json' },
  { payload: JSON.stringify({ estimatedHours: 1e308, operatingHours: -1, scheduledDate: '2026-13-45', incidentDate: 'soon' }), contentType: 'application/json' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nbroken', contentType: 'multipart/form-data; boundary=xyz' },
  { payload: 'x'.repeat(2 * 1024 * 1024), contentType: 'application/json' },
];
const badQueries = ['?page=-1&limit=100000', '?status=Nope&priority[]=High', '?search=' + '%'.repeat(300), '?cursor=abc&limit=0', '?limit=1e9'];

function fillPath(path: string, value: string) {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

function expectGracefulAnswer(label: string, response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(response.statusCode, `${label} -> ${response.statusCode} ${response.body.slice(0, 200)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expect(String(response.headers['content-type'])).toContain('application/json');
    expect(typeof JSON.parse(response.body).message, label).toBe('string');
  }
}

describe('malformed input on every route', () => {
  it('never causes a 5xx', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() })),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const { path, method } of routes) {
      for (const id of path.includes('{') ? badIds : [randomUUID()]) {
        const url = fillPath(path, id);
        if (method === 'GET' || method === 'DELETE') {
          for (const query of badQueries) {
            const label = `${method} ${url}${query}`;
            expectGracefulAnswer(label, await t.app.inject({ method: method as 'GET', url: url + query, headers }));
          }
          continue;
        }
        for (const body of badBodies) {
          const label = `${method} ${url} ${body.payload.slice(0, 40)}`;
          const response = await t.app.inject({
            method: method as 'POST',
            url,
            headers: { ...headers, 'content-type': body.contentType },
            payload: body.payload,
          });
          expectGracefulAnswer(label, response);
        }
      }
    }
  }, 120_000);
});
