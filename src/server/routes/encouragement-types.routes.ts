import { pagedEnvelope } from '../http/envelope.ts';
import type { Handlers } from '../http/operation.ts';
import { pageOf } from '../http/query.ts';
import { renderEncouragementType } from '../resources/render.ts';
import { found, numericOrNotFound } from './common.ts';

export const encouragementTypeHandlers = {
  'encouragements.types.list': ({ query, repos, hrefs, url, accepted }) => {
    const { page, pageSize } = pageOf(query);
    const result = repos.encouragementTypes.list(page, pageSize);
    const values = result.rows.map((t) => renderEncouragementType(hrefs, t));
    return { status: 200, body: pagedEnvelope(url, accepted, page, pageSize, result.total, values) };
  },
  'encouragements.types.get': ({ params, repos, hrefs }) => {
    const id = numericOrNotFound(params.id, 'encouragement type');
    return { status: 200, body: renderEncouragementType(hrefs, found(repos.encouragementTypes.get(id), `encouragement type ${id}`)) };
  },
} satisfies Partial<Handlers>;
