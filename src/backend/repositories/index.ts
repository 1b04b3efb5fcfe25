import type { DatabaseSync } from 'node:sqlite';
import { transaction } from '../db/sql.ts';
import { createCategoryRepository } from './categories.ts';
import { createCommentRepository } from './comments.ts';
import { createEncouragementTypeRepository } from './encouragement-types.ts';
import { createNetworkRepository } from './networks.ts';
import { createNoncognitiveRepository } from './noncognitive.ts';
import { createNotationRepository } from './notations.ts';
import { createPeopleRepository } from './people.ts';
import { createTriggerRepository } from './triggers.ts';

export function createRepositories(db: DatabaseSync) {
  return {
    people: createPeopleRepository(db),
    notations: createNotationRepository(db),
    comments: createCommentRepository(db),
    categories: createCategoryRepository(db),
    encouragementTypes: createEncouragementTypeRepository(db),
    triggers: createTriggerRepository(db),
    networks: createNetworkRepository(db),
    noncognitive: createNoncognitiveRepository(db),
    /** Every multi-step write goes through here. */
    transaction: <T>(fn: () => T): T => transaction(db, fn),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
