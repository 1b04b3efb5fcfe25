import { CategoryRecordSchema, EditCategoryBodySchema, MAX_OTHER_ACTIVE_CATEGORIES, envelopeOf } from '../../api/schemas/index.ts';
import { pagedEnvelope } from '../http/envelope.ts';
import { defineOperation, type Operation } from '../http/operation.ts';
import { conflict } from '../http/problem.ts';
import { paging, querySchema, pageOf } from '../http/query.ts';
import { renderCategoryRecord } from '../resources/render.ts';
import { ERRORS_READ, ERRORS_READ_ONE, err, found, noContent } from './common.ts';

export const categoryOperations: Operation[] = [
  defineOperation({
    ref: 'extension',
    operationId: 'listCategories',
    method: 'get',
    path: '/notations/categories/',
    summary: 'Every notation category with its state',
    tag: 'Categories',
    query: querySchema(paging),
    responses: { 200: { description: 'A page, by id', schema: envelopeOf(CategoryRecordSchema) }, ...ERRORS_READ },
    handle: ({ query, repos, hrefs, url, accepted }) => {
      const { page, pageSize } = pageOf(query);
      const result = repos.categories.list(page, pageSize);
      const values = result.rows.map((c) => renderCategoryRecord(hrefs, c));
      return { status: 200, body: pagedEnvelope(url, accepted, page, pageSize, result.total, values) };
    },
  }),
  defineOperation({
    ref: 'extension',
    operationId: 'getCategory',
    method: 'get',
    path: '/notations/categories/{id}',
    summary: 'One notation category',
    tag: 'Categories',
    pathParams: { id: 'integer' },
    responses: { 200: { description: 'One category', schema: CategoryRecordSchema }, ...ERRORS_READ_ONE },
    handle: ({ ids, repos, hrefs }) => ({
      status: 200,
      body: renderCategoryRecord(hrefs, found(repos.categories.get(ids.id!), `category with id ${ids.id}`)),
    }),
  }),
  defineOperation({
    ref: 'E14',
    operationId: 'editCategory',
    method: 'put',
    path: '/notations/categories/{id}',
    summary: 'Edit a category (rename, activate, deactivate)',
    tag: 'Categories',
    pathParams: { id: 'integer' },
    body: EditCategoryBodySchema,
    responses: {
      204: { description: 'Edited' },
      ...ERRORS_READ_ONE,
      ...err(409, 'Activation refused by the 20-active rule, or the name is taken'),
    },
    handle: ({ ids, body, repos }) => {
      // Checked and written in one write transaction, so two activations cannot both pass the rule.
      repos.transaction(() => {
        const category = found(repos.categories.get(ids.id!), `category with id ${ids.id}`);
        const activating = body.isActive && category.is_active !== 1;
        if (activating) {
          const others = repos.categories.countActiveOtherThan(category.id);
          if (others > MAX_OTHER_ACTIVE_CATEGORIES) {
            throw conflict(
              `Category ${category.id} cannot be activated: ${others} other categories are active, and activation is refused when more than ${MAX_OTHER_ACTIVE_CATEGORIES} are. Nothing was changed.`,
              'active-category-limit',
            );
          }
        }
        if (repos.categories.nameTakenByOther(body.name, category.id)) {
          throw conflict(`Another category is already named '${body.name}'. Nothing was changed.`, 'category-name-taken');
        }
        repos.categories.update(category.id, body.name, body.isActive);
      });
      return noContent();
    },
  }),
];
