import type { Handlers } from '../http/operation.ts';
import { renderEncouragementType } from '../resources/render.ts';
import { found, numericOrNotFound, pagedReply } from './common.ts';

export const encouragementTypeHandlers = {
  'encouragements.types.list': (c) => pagedReply(c, c.repos.encouragementTypes.list, (row) => renderEncouragementType(c.hrefs, row)),
  'encouragements.types.get': ({ params, repos, hrefs }) => {
    const id = numericOrNotFound(params.id, 'encouragement type');
    return { status: 200, body: renderEncouragementType(hrefs, found(repos.encouragementTypes.get(id), `encouragement type ${id}`)) };
  },
} satisfies Partial<Handlers>;
