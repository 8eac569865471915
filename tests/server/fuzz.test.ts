import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, machineInput, registerUser, type TestApp } from './helpers/app.ts';
import { multipart } from './helpers/multipart.ts';
import { idOf } from './helpers/json.ts';

/**
 * Property-based fuzzing from the OpenAPI document: for every operation, malformed requests (wrong
 * types, missing fields, huge or NUL-laden strings, odd numbers, bad path and query values, bad
 * headers, wrong content types, broken JSON and multipart). Every answer must be below 500, and every
 * error exactly `{ message }`. FUZZ_SEED and FUZZ_RUNS (total requests) override the defaults.
 */
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const totalRuns = Number(process.env.FUZZ_RUNS ?? 2000);

interface Schema {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  format?: string;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
}

interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: Schema }[];
  query: Record<string, Schema>;
  body?: Schema;
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

let t: TestApp;
let authorization: string;
let operations: Operation[];
/**
 * Real ids by the name a path segment or body field gives them, so that many requests get past
 * "not found" into the handlers (and a valid body with a bad header reaches the database).
 */
let realIds: Record<string, string>;
/** How many answers of each status the run got, printed to show how deep the requests reached. */
const statuses = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp();
  const admin = await registerUser(t.app, 'admin');
  authorization = admin.headers.authorization;
  const post = async (url: string, payload: object) =>
    (await t.app.inject({ method: 'POST', url, headers: admin.headers, payload })).json<{ _id: string }>();
  const machine = await post('/api/machines', machineInput());
  const ticket = await post('/api/tickets', { title: 'Leak', description: 'Oil', machine: machine._id });
  const incident = await post('/api/incidents', {
    title: 'Slip',
    description: 'Oil on floor',
    location: 'Hall 1',
    department: 'Maintenance',
    incidentDate: new Date().toISOString(),
  });
  const schedule = (await post('/api/maintenance', {
    title: 'Filters',
    machine: machine._id,
    scheduledDate: new Date().toISOString(),
    checklist: [{ task: 'Drain oil' }],
  })) as { _id: string; checklist: { _id: string }[] };
  const permit = await post('/api/permits', { machine: machine._id, ticket: ticket._id, type: 'general' });
  const { payload, contentType } = multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: png }]);
  const file = await t.app.inject({
    method: 'POST',
    url: '/api/upload/single',
    headers: { ...admin.headers, 'content-type': contentType },
    payload,
  });
  realIds = {
    machines: machine._id,
    machine: machine._id,
    tickets: ticket._id,
    incidents: incident._id,
    maintenance: schedule._id,
    permits: permit._id,
    itemId: schedule.checklist[0]!._id,
    upload: idOf(file),
    assignedTo: admin._id,
    assignee: admin._id,
  };
  operations = readOperations((await t.app.inject({ url: '/api/docs/json' })).json());
});
afterAll(() => t.close());

// The live-update stream stays open by design: events.test.ts covers it.
const streams = new Set(['/api/events/']);

function readOperations(spec: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const requests = Object.entries(spec.paths).filter(([path]) => !streams.has(path));
  return requests.flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      return {
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        query: Object.fromEntries(
          parameters
            .filter((parameter) => parameter.in === 'query')
            .map((parameter) => [parameter.name, parameter.schema]),
        ),
        body: operation.requestBody?.content['application/json']?.schema,
      };
    }),
  );
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}

const latin1 = fc.string({
  unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

const nastyStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'x'.repeat(100_000),
    '\uD800',
    '\u202Eevil',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    "'; drop table tickets; --",
    '%',
    '%E0%A4%A',
    '../../etc/passwd',
    '__proto__',
    'constructor',
    '0000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00.000Z',
    '2026-02-30T00:00:00Z',
    '9999-12-31T23:59:59-14:00',
    '1e309',
    'NaN',
    '-1',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.uuid(),
);

const oddNumbers = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.25, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, Number.MAX_SAFE_INTEGER),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyStrings,
  oddNumbers,
  fc.constantFrom(null, true, false, [], {}),
  fc.array(nastyStrings, { maxLength: 3 }),
  fc.dictionary(nastyStrings, nastyStrings, { maxKeys: 3 }),
);

/** A value that fits the schema, so a request with one thing wrong gets as far as it can. */
function fitting(schema: Schema, name = ''): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => fitting(option, name)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const value = fittingType(schema, name);
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

function fittingType(schema: Schema, name: string): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, fitting(child, key)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'array':
      return fc.array(schema.items ? fitting(schema.items) : nastyValue, { maxLength: 3 });
    case 'integer':
    case 'number': {
      const min = Math.ceil(schema.minimum ?? -5);
      return fc.integer({ min, max: Math.min(schema.maximum ?? min + 1000, min + 1000) });
    }
    case 'boolean':
      return fc.boolean();
    default:
      if (schema.format === 'uuid') return realIds[name] ? fc.constant(realIds[name]) : fc.uuid();
      if (schema.format === 'date-time') {
        return fc
          .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
          .map((date) => date.toISOString());
      }
      return fc.string({ minLength: 1, maxLength: 20 });
  }
}

/** Sets a property as an own key, even `__proto__`, the way a JSON body from the network would. */
function withOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

/** A body that fits except for a few fields that are wrong, missing or unexpected, at any depth. */
function malformed(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.type !== 'object' || !schema.properties) {
    return schema.type === 'array' && schema.items
      ? fc.array(fc.oneof(malformed(schema.items), nastyValue), { minLength: 1, maxLength: 3 })
      : nastyValue;
  }
  const properties = schema.properties;
  const keys = Object.keys(properties);
  const change = fc.oneof(
    ...keys.map((key) => fc.tuple(fc.constant(key), fc.oneof(nastyValue, malformed(properties[key]!)))),
    fc.tuple(fc.oneof(nastyStrings, fc.constantFrom('__proto__', 'constructor', 'prototype')), nastyValue),
  );
  return fc
    .tuple(fitting(schema), fc.array(change, { minLength: 1, maxLength: 3 }), fc.subarray(schema.required ?? []))
    .map(([base, changes, dropped]) => {
      const body = { ...(base as Record<string, unknown>) };
      for (const key of dropped) delete body[key];
      for (const [key, value] of changes) withOwn(body, key, value);
      return body;
    });
}

const percentEncode = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** Path values: mostly real or well-formed ids, sometimes anything, sometimes already broken encoding. */
const pathValue = (operation: Operation, { name, schema }: Operation['pathParams'][number]) =>
  fc.oneof(
    { weight: 4, arbitrary: fitting(schema, name === 'id' ? operation.path.split('/')[2] : name).map(String) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 3, arbitrary: fc.oneof(nastyStrings, oddNumbers.map(String)).map(percentEncode) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%E0%A4%A', '%00', '%2e%2e', '..', '%FF%FE', 'a'.repeat(150), '2026', '0'),
    },
  );

function queryString(operation: Operation): fc.Arbitrary<string> {
  const names = Object.keys(operation.query);
  const name = fc.oneof(
    ...(names.length ? [fc.constantFrom(...names)] : []),
    nastyStrings,
    fc.constantFrom('page[]', 'limit', 'a[b]'),
  );
  const value = fc.oneof(
    ...Object.entries(operation.query).map(([name, schema]) => fitting(schema, name)),
    nastyStrings,
    oddNumbers,
    fc.constantFrom('1e9', '-1', '0', '1.5', '', 'true'),
  );
  return fc
    .array(fc.tuple(name, value), { maxLength: 4 })
    .map((pairs) =>
      pairs.length
        ? `?${pairs.map(([key, item]) => `${percentEncode(key)}=${percentEncode(String(item))}`).join('&')}`
        : '',
    );
}

const headerValue = fc.oneof(
  latin1,
  fc.constantFrom('', '"1"', 'W/"2"', '"999999999999"', '*', '2026-11-20T08:00:00Z', '2026-11-20'),
);

const extraHeaders = fc.record(
  {
    'if-match': headerValue,
    'x-client-time': fc.oneof(
      headerValue,
      fc.constantFrom('0000-01-01T00:00:00Z', '+275760-09-13T00:00:00.000Z', '99999-01-01'),
    ),
    accept: fc.constantFrom('text/html', 'application/xml', '*/*;q=bogus'),
    'x-request-id': latin1,
  },
  { requiredKeys: [] },
);

/** Now and then a bad token; most requests are signed in so that they reach validation and the handlers. */
const badAuthorization = fc.oneof(
  { weight: 11, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', 'Bearer', 'Bearer x.y.z', 'Basic YWRtaW46', `Bearer ${'a'.repeat(5000)}`),
  },
);

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 3)]);

/** Bodies that are not what the route expects: wrong content types, broken JSON, broken multipart. */
const rawBody = fc.oneof(
  fc.record({
    contentType: fc.constantFrom(
      'application/json',
      'application/json; charset=latin1',
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      '',
    ),
    payload: fc.oneof(
      fc.constantFrom(
        '{',
        '[]',
        'null',
        '"text"',
        '{"a":1,}',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{}}}',
        '\u0000',
        'x'.repeat(2 * 1024 * 1024),
      ),
      fc.json().map((json) => json.slice(0, Math.max(1, json.length - 1))),
      fc.string({ unit: 'binary', maxLength: 50 }),
    ),
  }),
  fc
    .record({
      parts: fc.array(
        fc.record({
          name: fc.oneof(fc.constantFrom('file', 'files', '_id'), latin1),
          value: fc.option(nastyStrings, { nil: undefined }),
          filename: fc.option(fc.oneof(fc.constantFrom('a.png', 'a.exe', '', '../../a.png'), latin1), {
            nil: undefined,
          }),
          type: fc.constantFrom('image/png', 'application/x-msdownload', 'text/plain', ''),
          data: fc.constantFrom(png, Buffer.from('MZ\u0090\u0000'), Buffer.alloc(0)),
        }),
        { maxLength: 7 },
      ),
      cut: fc.option(fc.nat(400), { nil: undefined }),
      boundary: fc.constantFrom('right', 'missing', 'wrong'),
    })
    .map(({ parts, cut, boundary }) => {
      const { payload, contentType } = multipart(parts.map((part) => ({ ...part, value: part.value?.slice(0, 5000) })));
      const header = {
        right: contentType,
        missing: 'multipart/form-data',
        wrong: 'multipart/form-data; boundary=nope',
      }[boundary];
      return { contentType: header, payload: cut === undefined ? payload : payload.subarray(0, cut) };
    }),
);

function requests(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const pathValues = fc.tuple(...operation.pathParams.map((parameter) => pathValue(operation, parameter)));
  // A fitting body too, so that a bad path, query or header is what the server has to cope with.
  const jsonBody = operation.body
    ? fc
        .oneof({ weight: 3, arbitrary: malformed(operation.body) }, { weight: 2, arbitrary: fitting(operation.body) })
        .map((body) => ({
          contentType: 'application/json',
          payload: JSON.stringify(body) ?? '',
        }))
    : undefined;
  const body =
    operation.method === 'GET'
      ? fc.constant(undefined)
      : fc.option(jsonBody ? fc.oneof({ weight: 3, arbitrary: jsonBody }, rawBody) : rawBody, {
          nil: undefined,
          freq: 8,
        });
  return fc
    .record({
      pathValues,
      query: queryString(operation),
      extra: fc.option(extraHeaders, { nil: undefined, freq: 2 }),
      badToken: badAuthorization,
      body,
    })
    .map(({ pathValues: values, query, extra, badToken, body: sentBody }) => {
      let index = 0;
      const url = operation.path.replace(/\{[^}]+\}/g, () => values[index++]!) + query;
      const headers: Record<string, string> = { authorization: badToken ?? authorization, ...extra };
      if (sentBody?.contentType) headers['content-type'] = sentBody.contentType;
      return { method: operation.method, url, headers, payload: sentBody?.payload };
    });
}

/** What is wrong with an answer, if anything. */
function problem(response: { statusCode: number; headers: Record<string, unknown>; body: string }): string | undefined {
  if (response.statusCode >= 500) return `status ${response.statusCode}: ${response.body.slice(0, 300)}`;
  if (response.statusCode < 400) return undefined;
  if (!String(response.headers['content-type']).startsWith('application/json')) {
    return `${response.statusCode} with content-type ${String(response.headers['content-type'])}: ${response.body.slice(0, 200)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `${response.statusCode} with a body that is not JSON: ${response.body.slice(0, 200)}`;
  }
  const isMessage =
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).join() === 'message' &&
    typeof (body as { message: unknown }).message === 'string';
  return isMessage ? undefined : `${response.statusCode} with body ${response.body.slice(0, 300)}`;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('never answers 5xx, and every error is exactly { message }', async () => {
    expect(operations.length).toBeGreaterThan(30);
    const runsPerOperation = Math.ceil(totalRuns / operations.length);
    console.info(`fuzz: seed ${seed}, ${runsPerOperation} requests for each of ${operations.length} operations`);
    const failures: string[] = [];
    for (const [index, operation] of operations.entries()) {
      const property = fc.asyncProperty(requests(operation), async (request) => {
        const response = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          payload: request.payload,
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const found = problem(response);
        if (!found) return;
        const { authorization: _, ...shownHeaders } = request.headers;
        throw new Error(
          `${request.method} ${request.url.slice(0, 200)} ${JSON.stringify(shownHeaders).slice(0, 300)}: ${found}`,
        );
      });
      const result = await fc.check(property, { seed: seed + index, numRuns: runsPerOperation, endOnFailure: true });
      if (result.failed) {
        const error = result.errorInstance;
        const reason = error instanceof Error ? error.toString() : JSON.stringify(error);
        failures.push(`${operation.method} ${operation.path}: ${reason.slice(0, 600)}`);
      }
    }
    console.info(
      `fuzz: answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(failures).toEqual([]);
    expect([...statuses.values()].reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(totalRuns);
  }, 600_000);
});
