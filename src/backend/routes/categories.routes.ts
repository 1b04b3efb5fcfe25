import { MAX_OTHER_ACTIVE_CATEGORIES } from '../../api/schemas/index.ts';
import type { Handlers } from '../http/operation.ts';
import { conflict } from '../../http/problem.ts';
import { renderCategoryRecord } from '../resources/render.ts';
import { found, noContent, ok, pagedReply } from './common.ts';

export const categoryHandlers = {
  'categories.list': (c) => pagedReply(c, c.repos.categories.list, (row) => renderCategoryRecord(c.hrefs, row)),
  'categories.get': ({ ids, repos, hrefs }) => ok(renderCategoryRecord(hrefs, found(repos.categories.get(ids.id!), `category with id ${ids.id}`))),
  'categories.edit': ({ ids, body, repos }) => {
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
} satisfies Partial<Handlers>;
