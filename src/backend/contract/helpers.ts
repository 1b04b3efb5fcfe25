/**
 * Shared helpers for the black-box contract suite.
 *
 * Everything here is written from /work/shared/spec/service.md and decisions.md only.
 * The tests talk to a real HTTP server through plain `fetch`.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { startBackend, type TestBackend } from '../../testing/backend.ts';

// JSON bodies are inspected structurally; `any` keeps the assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type J = any;

export interface Res {
  status: number;
  headers: Headers;
  text: string;
  body: J;
  contentType: string;
  url: string;
}

export interface ReqOptions {
  /** JSON-serialised and sent with Content-Type: application/json. */
  json?: unknown;
  /** Sent as-is (no Content-Type is added unless given in headers). */
  raw?: string | Uint8Array;
  /** Extra / overriding headers. A header set to '' is removed. */
  headers?: Record<string, string>;
  /** Send the auth headers (default true). */
  auth?: boolean;
  query?: Record<string, string | number | undefined>;
}

export class Api {
  readonly b: TestBackend;
  constructor(b: TestBackend) {
    this.b = b;
  }

  get base(): string {
    return this.b.baseUrl;
  }

  url(path: string, query?: ReqOptions['query']): string {
    const u = new URL(/^https?:/.test(path) ? path : this.b.baseUrl + path);
    if (query) {
      for (const [k, v] of Object.entries(query)) {
        if (v !== undefined) u.searchParams.set(k, String(v));
      }
    }
    return u.toString();
  }

  async req(method: string, path: string, opts: ReqOptions = {}): Promise<Res> {
    const headers: Record<string, string> = {};
    if (opts.auth !== false) Object.assign(headers, this.b.headers);
    let body: string | Uint8Array | undefined;
    if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.raw !== undefined) {
      body = opts.raw;
    }
    for (const [k, v] of Object.entries(opts.headers ?? {})) {
      for (const existing of Object.keys(headers)) {
        if (existing.toLowerCase() === k.toLowerCase()) delete headers[existing];
      }
      if (v !== '') headers[k] = v;
    }
    const url = this.url(path, opts.query);
    // A string body makes fetch add text/plain; send bytes so that only our headers count.
    const payload = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    const r = await fetch(url, { method, headers, body: payload as BodyInit | undefined });
    const text = await r.text();
    const contentType = r.headers.get('content-type') ?? '';
    let parsed: J = undefined;
    if (text.length > 0 && /json/i.test(contentType)) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
    }
    return { status: r.status, headers: r.headers, text, body: parsed, contentType, url };
  }

  get(path: string, opts?: ReqOptions): Promise<Res> {
    return this.req('GET', path, opts);
  }
  post(path: string, json?: unknown, opts: ReqOptions = {}): Promise<Res> {
    return this.req('POST', path, json === undefined ? opts : { ...opts, json });
  }
  put(path: string, json?: unknown, opts: ReqOptions = {}): Promise<Res> {
    return this.req('PUT', path, json === undefined ? opts : { ...opts, json });
  }
  patch(path: string, json?: unknown, opts: ReqOptions = {}): Promise<Res> {
    return this.req('PATCH', path, json === undefined ? opts : { ...opts, json });
  }

  /** GET that must answer 200 with JSON; returns the body. */
  async ok(path: string, query?: ReqOptions['query']): Promise<J> {
    const r = await this.get(path, query ? { query } : {});
    expectStatus(r, 200);
    expect(r.contentType).toMatch(/^application\/json/);
    return r.body;
  }

  /** All values of a list (pageSize 1000, follows pages). */
  async all(path: string, query: Record<string, string | number | undefined> = {}): Promise<J[]> {
    const out: J[] = [];
    for (let page = 1; page < 100; page++) {
      const env = await this.ok(path, { ...query, pageSize: 1000, page });
      out.push(...env.values);
      if (out.length >= env.totalValues || env.values.length === 0) break;
    }
    return out;
  }
}

/** Start one backend for the current test file. */
export function useBackend(options?: Parameters<typeof startBackend>[0]): { b: TestBackend; api: Api } {
  const ctx = {} as { b: TestBackend; api: Api };
  beforeAll(async () => {
    ctx.b = await startBackend(options);
    ctx.api = new Api(ctx.b);
  }, 60_000);
  afterAll(async () => {
    await ctx.b?.close();
  }, 30_000);
  return ctx;
}

export function describeRes(r: Res): string {
  return `${r.status} ${r.url}\ncontent-type: ${r.contentType}\n${r.text.slice(0, 1500)}`;
}

export function expectStatus(r: Res, status: number): void {
  if (r.status !== status) {
    throw new Error(`expected HTTP ${status}, got ${describeRes(r)}`);
  }
}

const errorItem = z.strictObject({
  in: z.enum(['query', 'path', 'body', 'header']),
  name: z.string(),
  message: z.string(),
});

const problemSchema = z.object({
  type: z.string().min(1),
  title: z.string().min(1),
  status: z.number().int(),
  detail: z.string(),
  instance: z.string().optional(),
  errors: z.array(errorItem).optional(),
});

/**
 * decisions §5: every error body is RFC 9457 problem details with
 * Content-Type application/problem+json: { type, title, status, detail, instance?, errors? }.
 * Returns the body.
 */
export function expectProblem(r: Res, status: number): J {
  expectStatus(r, status);
  if (!/^application\/problem\+json/i.test(r.contentType)) {
    throw new Error(`expected application/problem+json, got ${describeRes(r)}`);
  }
  expectShape(problemSchema, r.body, `problem body of ${r.url}`);
  expect(r.body.status).toBe(status);
  // never a stack trace
  expect(r.text).not.toMatch(/\n\s+at\s+\S+\s+\(|node:internal|\.ts:\d+:\d+/);
  return r.body;
}

/** The problem body names `name` somewhere (detail, errors[].name or errors[].message). */
export function expectProblemNames(r: Res, status: number, ...names: string[]): J {
  const p = expectProblem(r, status);
  const hay = JSON.stringify(p);
  for (const n of names) {
    if (!hay.includes(n)) throw new Error(`problem body does not name "${n}": ${describeRes(r)}`);
  }
  return p;
}

export function expectShape<T extends z.ZodType>(schema: T, value: unknown, what = 'value'): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issues = r.error.issues
      .slice(0, 8)
      .map((i) => `  at ${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('\n');
    throw new Error(`${what} does not match the contract:\n${issues}\nvalue: ${JSON.stringify(value).slice(0, 800)}`);
  }
  return r.data;
}

/* ------------------------------------------------------------------ */
/* Schemas (service.md "Resources and their fields" + decisions)       */
/* ------------------------------------------------------------------ */

/** decisions §5: RFC 3339 in UTC with seconds, e.g. 2026-03-01T08:00:00.000Z */
export const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;
export const dateTime = z.string().regex(DATE_TIME_RE, 'RFC 3339 UTC date-time');
export const id = z.number().int().positive();

export function schemas(base: string) {
  const href = z
    .string()
    .refine((s) => s.startsWith(base + '/'), { message: `absolute href under ${base}/` })
    .refine((s) => {
      try {
        return new URL(s).href.length > 0;
      } catch {
        return false;
      }
    }, 'parseable URL');
  const link = z.strictObject({ href });
  const personFields = {
    identifier: z.string().min(1),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(['Student', 'Advisor', 'Faculty', 'Staff', 'Coach']),
    self: link,
  };
  const person = z.strictObject(personFields);
  const personExpanded = z.strictObject({ href, ...personFields });

  const comment = z.strictObject({
    id,
    createdBy: link,
    createdOn: dateTime,
    details: z.string(),
    usedToLowerAlert: z.boolean(),
    self: link,
  });
  const category = z.strictObject({ id, name: z.string(), self: link });
  const categoryItem = z.strictObject({ id, name: z.string(), isActive: z.boolean(), self: link });
  /** What an update and an alert both hold (E1, E7), but for their audiences. */
  const written = {
    id,
    canStudentView: z.boolean(),
    categories: link,
    comments: link,
    createdBy: link,
    createdOn: dateTime,
    details: z.string(),
    student: link,
    self: link,
  };
  const update = z.strictObject({ ...written, audienceType: z.enum(['Private', 'All', 'FullNetwork']) });
  const dataInsight = z.strictObject({
    id,
    comments: link,
    createdOn: dateTime,
    dataInsightType: z.enum(['BaselineSurvey', 'UnexcusedAbsence', 'Grade', 'CustomQuestion', 'AdministrationResponse', 'Api']),
    details: z.string(),
    student: link,
    self: link,
  });
  const alert = z.strictObject({ ...written, audienceType: z.enum(['All', 'FullNetwork']), status: z.enum(['Open', 'Lowered']) });
  const encouragementTypeFields = { id, name: z.string(), icon: z.string(), self: link };
  const encouragementType = z.strictObject(encouragementTypeFields);
  const encouragement = z.strictObject({
    id,
    audienceType: z.enum(['Private', 'All']),
    createdBy: link,
    createdOn: dateTime,
    details: z.string(),
    isEncouragement: z.boolean(),
    student: link,
    type: link,
    self: link,
  });
  const trigger = z.strictObject({
    id,
    name: z.string(),
    additionalAdvice: z.string(),
    audienceType: z.enum(['All', 'FullNetwork']),
    canStudentView: z.boolean(),
    createdOn: dateTime,
    elevateToAlert: z.boolean(),
    self: link,
  });
  const administration = z.strictObject({
    id,
    title: z.string(),
    startDate: dateTime,
    endDate: dateTime,
    status: z.string(),
    results: link,
    self: link,
  });
  const factorFields = { id, name: z.string(), description: z.string(), self: link };
  const assessmentFactor = z.strictObject(factorFields);
  const factorResult = z.strictObject({
    assessmentId: z.number(),
    score: z.number(),
    validityConcern: z.boolean(),
    factor: link,
    self: link,
  });

  function envelope<T extends z.ZodType>(item: T) {
    return z.strictObject({
      page: z.number().int().min(1),
      pageSize: z.number().int().min(1).max(1000),
      totalValues: z.number().int().min(0),
      self: link,
      links: z.strictObject({
        first: link,
        last: link,
        next: link.optional(),
        previous: link.optional(),
      }),
      values: z.array(item),
    });
  }
  /** decisions §2: an expanded collection keeps href and adds totalValues + every item. */
  function expandedCollection<T extends z.ZodType>(item: T) {
    return z.strictObject({ href, totalValues: z.number().int().min(0), values: z.array(item) });
  }

  return {
    href,
    link,
    person,
    personExpanded,
    comment,
    category,
    categoryItem,
    update,
    dataInsight,
    alert,
    encouragement,
    encouragementType,
    encouragementTypeExpanded: z.strictObject({ href, ...encouragementTypeFields }),
    trigger,
    administration,
    assessmentFactor,
    assessmentFactorExpanded: z.strictObject({ href, ...factorFields }),
    factorResult,
    envelope,
    expandedCollection,
  };
}

/* ------------------------------------------------------------------ */
/* Discovery                                                           */
/* ------------------------------------------------------------------ */

export interface People {
  students: J[];
  staff: J[];
  all: J[];
}

export async function discoverPeople(api: Api): Promise<People> {
  const all = await api.all('/people/');
  const students = all.filter((p) => p.role === 'Student');
  const staff = all.filter((p) => p.role !== 'Student');
  return { all, students, staff };
}

/** Identifier from a person href ({base}/people/{identifier}). */
/** The newest `pageSize` alerts, and the first of them with a comment and that comment's id (else the newest, and comment 1). */
export async function commentedAlert(api: Api, pageSize: number): Promise<{ alerts: J[]; alert: J; commentId: number }> {
  const alerts = (await api.ok('/notations/alerts/', { pageSize })).values as J[];
  for (const alert of alerts) {
    const comments = await api.ok(`/notations/alerts/${alert.id}/comments`);
    if (comments.totalValues > 0) return { alerts, alert, commentId: comments.values[0].id };
  }
  return { alerts, alert: alerts[0], commentId: 1 };
}

export function personIdOf(href: string): string {
  const m = /\/people\/([^/?#]+)$/.exec(new URL(href).pathname);
  if (!m || m[1] === undefined) throw new Error(`not a person href: ${href}`);
  return decodeURIComponent(m[1]);
}

export function personHref(base: string, identifier: string): string {
  return `${base}/people/${encodeURIComponent(identifier)}`;
}

/** Check ordering: newest first by createdOn, then id descending. */
export function expectNewestFirst(values: J[], field = 'createdOn'): void {
  for (let i = 1; i < values.length; i++) {
    const a = values[i - 1];
    const b = values[i];
    const ta = Date.parse(a[field]);
    const tb = Date.parse(b[field]);
    if (ta < tb || (ta === tb && a.id < b.id)) {
      throw new Error(
        `order broken at index ${i}: ${JSON.stringify({ id: a.id, [field]: a[field] })} before ${JSON.stringify({ id: b.id, [field]: b[field] })}`,
      );
    }
  }
}

/** Collect every `href` string found anywhere in a JSON value. */
export function collectHrefs(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) collectHrefs(v, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'href' && typeof v === 'string') out.add(v);
      else collectHrefs(v, out);
    }
  }
  return out;
}

export function isoDay(iso: string): string {
  return iso.slice(0, 10);
}

export function shiftMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const sorted = <T>(xs: T[]): T[] => [...xs].sort();

/** Every query parameter a list operation reads (service.md), with the old spelling `createOnStart`: what the fuzz tests vary. */
export const LIST_QUERY_NAMES = [
  'page',
  'pageSize',
  'expand',
  'createdOnStart',
  'createOnStart',
  'createdOnEnd',
  'modifiedOnStart',
  'modifiedOnEnd',
  'identifiers',
  'personIdentifier',
  'role',
  'q',
] as const;

export type Schemas = ReturnType<typeof schemas>;

export interface ContractContext {
  b: TestBackend;
  api: Api;
  /** The contract's schemas with hrefs under this backend's base URL (filled in `beforeAll`). */
  S: Schemas;
  /** The seeded people (filled in `beforeAll` when asked for). */
  people: People;
  /** The seeded categories, active and inactive (filled in `beforeAll` when asked for). */
  activeCats: J[];
  inactiveCats: J[];
  /** The identifier of the i-th staff member / student of `people`. */
  staff(i?: number): string;
  student(i?: number): string;
  /** A create body (E4, POST alerts) about student(about) by staff(by), in the first active category; `over` on top. */
  notationBody(
    fields: { audienceType: string; canStudentView: boolean; details: string; by: number; about: number },
    over?: Record<string, unknown>,
  ): Record<string, unknown>;
  /** The first page of `options.sample` (newest first), and its list's total (filled in `beforeAll` when asked for). */
  sample: J[];
  readonly sampleTotal: number;
  /** GET a list with no paging parameters: its envelope holds `item`s, on page 1 of pageSize 100. */
  defaultPage(path: string, item: z.ZodType, what: string): Promise<J>;
  /**
   * The sampled list without paging parameters (see `defaultPage`): the sample's total, every
   * sampled item of `item`'s shape, newest first, none with `modifiedOn` (only on request).
   */
  expectSampledList(item: z.ZodType, what: string): Promise<J>;
  /** An item of an expanded list is the sample's `i`-th, with its student and author expanded to people. */
  expectPeopleExpanded(value: J, i: number): void;
  /** The first three `items` read back by their self links are the same; `unknown` (an id no item has) is a 404. */
  expectDetails(items: J[], unknown: string): Promise<void>;
}

/**
 * The setup most contract files share: a backend of their own (`useBackend`), the schemas under
 * its base URL and, when asked for, the seeded people and categories. The objects and arrays it
 * returns are filled in place in `beforeAll`, so a file may destructure them at the top:
 * `const { S, people, staff } = useContract({ people: true })`.
 */
export function useContract(options: { people?: boolean; categories?: boolean; sample?: { path: string; pageSize: number } } = {}): ContractContext {
  const backend = useBackend();
  const people: People = { students: [], staff: [], all: [] };
  let sampleTotal = 0;
  const ctx: ContractContext = {
    get b() {
      return backend.b;
    },
    get api() {
      return backend.api;
    },
    S: {} as Schemas,
    people,
    activeCats: [],
    inactiveCats: [],
    staff: (i = 0) => people.staff[i]!.identifier,
    student: (i = 0) => people.students[i]!.identifier,
    notationBody: ({ by, about, ...fields }, over = {}) => ({
      ...fields,
      categories: [{ id: ctx.activeCats[0].id }],
      createdBy: { identifier: ctx.staff(by) },
      student: { identifier: ctx.student(about) },
      ...over,
    }),
    sample: [],
    get sampleTotal() {
      return sampleTotal;
    },
    async expectSampledList(item, what) {
      const env = await ctx.defaultPage(options.sample!.path, item, what);
      expect(env.totalValues).toBe(sampleTotal);
      expectShape(ctx.S.envelope(item), { ...env, values: ctx.sample }, `${what} (the sample)`);
      expectNewestFirst(ctx.sample);
      for (const value of ctx.sample) expect(value).not.toHaveProperty('modifiedOn');
      return env;
    },
    expectPeopleExpanded(value, i) {
      expect(value.id).toBe(ctx.sample[i].id);
      expectShape(ctx.S.personExpanded, value.student);
      expectShape(ctx.S.personExpanded, value.createdBy);
    },
    async expectDetails(items, unknown) {
      for (const item of items.slice(0, 3)) expect(await backend.api.ok(item.self.href)).toEqual(item);
      expectProblem(await backend.api.get(unknown), 404);
    },
    async defaultPage(path, item, what) {
      const env = await backend.api.ok(path);
      expectShape(ctx.S.envelope(item), env, what);
      expect(env.page).toBe(1);
      expect(env.pageSize).toBe(100);
      return env;
    },
  };
  beforeAll(async () => {
    Object.assign(ctx.S, schemas(backend.b.baseUrl));
    if (options.people) Object.assign(people, await discoverPeople(backend.api));
    if (options.categories) {
      const cats = await backend.api.all('/notations/categories/');
      ctx.activeCats.push(...cats.filter((c) => c.isActive));
      ctx.inactiveCats.push(...cats.filter((c) => !c.isActive));
    }
    if (options.sample) {
      const env = await backend.api.ok(options.sample.path, { pageSize: options.sample.pageSize });
      ctx.sample.push(...env.values);
      sampleTotal = env.totalValues;
    }
  }, 60_000);
  return ctx;
}
