import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { bulkEdit, swapCategories, toRetry, type Edit } from './category-edits.ts';
import { swapResultText } from './category-messages.ts';
import { applyListView, readListView, writeListView } from './category-list-view.ts';
import { activationBlock, activeCount, bulkActivationBlock, nameProblem, type CategoryState } from '../../queries/category-rules.ts';

const make = (active: number, inactive: number): CategoryState[] => [
  ...Array.from({ length: active }, (_, i) => ({ id: i + 1, name: `Active ${i + 1}`, isActive: true })),
  ...Array.from({ length: inactive }, (_, i) => ({ id: active + i + 1, name: `Inactive ${i + 1}`, isActive: false })),
];

const conflict = () =>
  new ApiError({
    kind: 'http',
    operation: 'categories.edit',
    status: 409,
    problem: { type: 'about:blank', title: 'Conflict', status: 409, detail: 'refused' },
  });

describe('the 20-active rule before anyone clicks', () => {
  it('allows an activation while 20 or fewer others are active, refuses it with 21', () => {
    expect(activationBlock(make(20, 5), 21)).toBeNull();
    expect(activationBlock(make(21, 5), 22)).toMatch(/^21 categories are active already, the most allowed is 21/);
    expect(activationBlock(make(21, 5), 3)).toBeNull(); // active already: a rename, not an activation
  });

  it('checks a bulk activation as the sum of the ones before it', () => {
    const categories = make(19, 5);
    expect(activeCount(categories)).toBe(19);
    expect(bulkActivationBlock(categories, [20, 21])).toBeNull();
    expect(bulkActivationBlock(categories, [20, 21, 22])).toBe(
      'Activating 3 would make 22 active; the most allowed is 21, and 19 are active now, so at most 2 can be activated. Nothing was sent.',
    );
  });
});

describe('names', () => {
  const categories = make(2, 1);
  it('1–100 characters after trimming, counted as code points', () => {
    expect(nameProblem(categories, 1, '   ')).toMatch(/required/);
    expect(nameProblem(categories, 1, ` ${'é'.repeat(100)} `)).toBeNull();
    expect(nameProblem(categories, 1, '😀'.repeat(101))).toMatch(/this is 101/);
  });
  it('no other category with the same name, ignoring case; its own name is fine', () => {
    expect(nameProblem(categories, 1, ' active 2 ')).toBe('Another category (#2) is already named “Active 2” (names are compared ignoring case).');
    expect(nameProblem(categories, 2, 'ACTIVE 2')).toBeNull();
  });
});

describe('the list view in the URL', () => {
  it('reads, writes back without defaults, filters and sorts', () => {
    const view = readListView(new URLSearchParams('q=act&state=inactive&sort=name&dir=desc&other=1'));
    expect(view).toEqual({ q: 'act', state: 'inactive', sort: 'name', dir: 'desc', unused: false });
    expect(writeListView(new URLSearchParams('other=1'), view).toString()).toBe('other=1&q=act&state=inactive&dir=desc');
    expect(readListView(new URLSearchParams('state=bogus&sort=nope')).state).toBe('all');
    expect(applyListView(make(2, 2), view).map((c) => c.id)).toEqual([4, 3]);
    const usage = new Map([[1, { updates: 2, alerts: 1 }]]);
    expect(applyListView(make(2, 0), { ...view, q: '', state: 'all', unused: true }, usage).map((c) => c.id)).toEqual([2]);
  });
});

describe('guided swap', () => {
  const out = { id: 1, name: 'Out', isActive: true };
  const into = { id: 9, name: 'In', isActive: false };
  it('undoes the deactivation when the activation is refused, and says where both stand', async () => {
    const calls: string[] = [];
    const edit: Edit = async (id, body) => {
      calls.push(`${id}:${body.isActive}`);
      if (id === 9) throw conflict();
    };
    const result = await swapCategories(edit, out, into);
    expect(result.status).toBe('rolled-back');
    expect(calls).toEqual(['1:false', '9:true', '1:true']);
    expect(swapResultText(result, out, into)).toContain('Both are as they were: “Out” active, “In” inactive.');
  });
  it('says both are inactive when the undo fails too', async () => {
    const edit: Edit = async (id, body) => {
      if (id === 9 || (id === 1 && body.isActive)) throw conflict();
    };
    const result = await swapCategories(edit, out, into);
    expect(result.status).toBe('rollback-failed');
    expect(swapResultText(result, out, into)).toContain('Now BOTH are inactive');
  });
});

describe('bulk edits', () => {
  it('one at a time, a result per category, a retry sends the failed ones only', async () => {
    const categories = make(3, 0);
    const sent: number[] = [];
    let fail = true;
    const edit: Edit = async (id) => {
      sent.push(id);
      if (id === 2 && fail) throw conflict();
    };
    const first = await bulkEdit({ edit, categories, isActive: false });
    expect(toRetry(first)).toEqual([2]);
    fail = false;
    const second = await bulkEdit({ edit, categories, isActive: false, previous: first });
    expect(toRetry(second)).toEqual([]);
    expect(sent).toEqual([1, 2, 3, 2]);
  });
});
