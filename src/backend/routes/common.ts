import type { ProblemFieldError } from '../../api/schemas/index.ts';
import { pagedEnvelope } from '../http/envelope.ts';
import type { HandlerContext, Reply } from '../http/operation.ts';
import { badRequest, notFound } from '../../http/problem.ts';
import { pageOf } from '../http/query.ts';
import type { Repositories } from '../repositories/index.ts';

/** 400 naming every field that failed a rule checked against stored data (decisions §7). */
export function failIfAny(errors: ProblemFieldError[]): void {
  if (errors.length > 0) {
    throw badRequest(`The request is not valid: ${errors.map((e) => `${e.name}: ${e.message}`).join('; ')}`, errors);
  }
}

export function requirePersonExists(repos: Repositories, identifier: string, field: string, errors: ProblemFieldError[]): void {
  if (!repos.people.get(identifier)) errors.push({ in: 'body', name: field, message: `no person has the identifier '${identifier}'` });
}

export function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw notFound(`No ${what} was found`);
  return value;
}

/** A string-typed path id (E8, E11, E19) that is not a number matches nothing: 404, not 400. */
export function numericOrNotFound(raw: string | undefined, what: string): number {
  // Beyond 2^53 - 1 a number would be rounded to another id: nothing has such an id.
  if (raw === undefined || !/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) throw notFound(`No ${what} '${raw ?? ''}' was found`);
  return Number(raw);
}

/** 200 with `body`. */
export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (href: string) => ({ status: 201, body: { href }, headers: { location: href } });
export const noContent = () => ({ status: 204 });

/** A list operation's answer: the page the query asks for, read by `list`, each row rendered by `render`. */
export function pagedReply<Row>(
  { query, url, accepted }: Pick<HandlerContext<{ page?: unknown; pageSize?: unknown }, unknown>, 'query' | 'url' | 'accepted'>,
  list: (page: number, pageSize: number) => { total: number; rows: Row[] },
  render: (row: Row) => unknown,
): Reply {
  const { page, pageSize } = pageOf(query);
  const result = list(page, pageSize);
  return { status: 200, body: pagedEnvelope(url, accepted, page, pageSize, result.total, result.rows.map(render)) };
}
