import { EncouragementTypeSchema, envelopeOf } from '../../api/schemas/index.ts';
import { pagedEnvelope } from '../http/envelope.ts';
import { defineOperation, type Operation } from '../http/operation.ts';
import { paging, querySchema, pageOf } from '../http/query.ts';
import { renderEncouragementType } from '../resources/render.ts';
import { ERRORS_READ, ERRORS_READ_ONE, found, numericOrNotFound } from './common.ts';

export function encouragementTypeOperations(): Operation[] {
  return [
    defineOperation({
      ref: 'extension',
      operationId: 'listEncouragementTypes',
      method: 'get',
      path: '/notations/encouragements/types/',
      summary: 'Every encouragement type',
      tag: 'Encouragements',
      query: querySchema(paging),
      responses: { 200: { description: 'A page', schema: envelopeOf(EncouragementTypeSchema) }, ...ERRORS_READ },
      handle: ({ query, repos, hrefs, url, accepted }) => {
        const { page, pageSize } = pageOf(query);
        const result = repos.encouragementTypes.list(page, pageSize);
        const values = result.rows.map((t) => renderEncouragementType(hrefs, t));
        return { status: 200, body: pagedEnvelope(url, accepted, page, pageSize, result.total, values) };
      },
    }),
    defineOperation({
      ref: 'E11',
      operationId: 'getEncouragementType',
      method: 'get',
      path: '/notations/encouragements/types/{id}',
      summary: 'Encouragement type details',
      tag: 'Encouragements',
      pathParams: { id: 'string' },
      responses: { 200: { description: 'One encouragement type', schema: EncouragementTypeSchema }, ...ERRORS_READ_ONE },
      handle: ({ params, repos, hrefs }) => {
        const id = numericOrNotFound(params.id, 'encouragement type');
        return { status: 200, body: renderEncouragementType(hrefs, found(repos.encouragementTypes.get(id), `encouragement type ${id}`)) };
      },
    }),
  ];
}
