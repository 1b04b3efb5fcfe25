// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { useDraft } from './use-draft.ts';

interface Form {
  details: string;
  audienceType: string;
  canStudentView: boolean;
  categories: { id: number; name: string }[];
}
const INITIAL: Form = { details: '', audienceType: 'Private', canStudentView: false, categories: [] };
const KEY = 'draft:update:S000001';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

test('writes after 300 ms of quiet, not on every change', () => {
  const { result } = renderHook(() => useDraft(KEY, INITIAL));
  act(() => result.current[1]((v) => ({ ...v, details: 'M' })));
  act(() => vi.advanceTimersByTime(200));
  act(() => result.current[1]((v) => ({ ...v, details: 'Met' })));
  act(() => vi.advanceTimersByTime(200));
  expect(localStorage.getItem(KEY)).toBeNull();
  act(() => vi.advanceTimersByTime(150));
  expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({ ...INITIAL, details: 'Met' });
  expect(result.current[2].dirty).toBe(true);
});

test('restores on mount (a reload), and unmounting writes what is pending at once', () => {
  const first = renderHook(() => useDraft(KEY, INITIAL));
  act(() => first.result.current[1]({ ...INITIAL, details: 'Typed just before the reload', canStudentView: true }));
  first.unmount(); // before the 300 ms ran out
  expect(localStorage.getItem(KEY)).not.toBeNull();

  const second = renderHook(() => useDraft(KEY, INITIAL));
  expect(second.result.current[0]).toEqual({ ...INITIAL, details: 'Typed just before the reload', canStudentView: true });
  expect(second.result.current[2].restored).toBe(true);
});

test('a page hide (reload, closed tab) writes what is pending', () => {
  const { result } = renderHook(() => useDraft(KEY, INITIAL));
  act(() => result.current[1]({ ...INITIAL, details: 'Leaving' }));
  window.dispatchEvent(new Event('pagehide'));
  expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toMatchObject({ details: 'Leaving' });
});

test.each([
  ['corrupt JSON', '{"details": "unterminated'],
  ['not an object', '"just a string"'],
  ['an array', '[1,2,3]'],
  ['null', 'null'],
])('tolerates %s in storage: the initial values', (_name, stored) => {
  localStorage.setItem(KEY, stored);
  const { result } = renderHook(() => useDraft(KEY, INITIAL));
  expect(result.current[0]).toEqual(INITIAL);
  expect(result.current[2].restored).toBe(false);
});

test('keeps the fields of the right type and drops the rest', () => {
  localStorage.setItem(KEY, JSON.stringify({ details: 'kept', audienceType: 7, canStudentView: 'yes', categories: 'none', extra: 1 }));
  const { result } = renderHook(() => useDraft(KEY, INITIAL));
  expect(result.current[0]).toEqual({ ...INITIAL, details: 'kept' });
});

test('parse can check further or refuse', () => {
  localStorage.setItem(KEY, JSON.stringify({ ...INITIAL, details: 'x', audienceType: 'Nobody' }));
  const fix = renderHook(() =>
    useDraft(KEY, INITIAL, { parse: (v) => ({ ...v, audienceType: ['Private', 'All'].includes(v.audienceType) ? v.audienceType : 'Private' }) }),
  );
  expect(fix.result.current[0]).toEqual({ ...INITIAL, details: 'x' });
  const refuse = renderHook(() => useDraft(KEY, INITIAL, { parse: () => undefined }));
  expect(refuse.result.current[0]).toEqual(INITIAL);
});

test('clear removes the draft and puts the initial values back; nothing typed keeps nothing', () => {
  const { result } = renderHook(() => useDraft(KEY, INITIAL));
  act(() => result.current[1]({ ...INITIAL, details: 'to discard' }));
  act(() => vi.advanceTimersByTime(300));
  expect(localStorage.getItem(KEY)).not.toBeNull();
  act(() => result.current[2].clear());
  expect(localStorage.getItem(KEY)).toBeNull();
  expect(result.current[0]).toEqual(INITIAL);
  expect(result.current[2].dirty).toBe(false);
  act(() => vi.advanceTimersByTime(1000));
  expect(localStorage.getItem(KEY)).toBeNull();
});

test('another key reads its own draft, and the first one is written before the switch', () => {
  localStorage.setItem('draft:update:S000002', JSON.stringify({ ...INITIAL, details: 'for S000002' }));
  const { result, rerender } = renderHook(({ key }) => useDraft(key, INITIAL), { initialProps: { key: KEY } });
  act(() => result.current[1]({ ...INITIAL, details: 'for S000001' }));
  rerender({ key: 'draft:update:S000002' });
  expect(result.current[0].details).toBe('for S000002');
  act(() => vi.advanceTimersByTime(300));
  expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toMatchObject({ details: 'for S000001' });
  expect(JSON.parse(localStorage.getItem('draft:update:S000002') ?? 'null')).toMatchObject({ details: 'for S000002' });
});

test('storage that throws does not break the form', () => {
  const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new Error('SecurityError');
  });
  const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new Error('QuotaExceededError');
  });
  try {
    const { result } = renderHook(() => useDraft(KEY, INITIAL));
    act(() => result.current[1]({ ...INITIAL, details: 'still on screen' }));
    act(() => vi.advanceTimersByTime(300));
    expect(result.current[0].details).toBe('still on screen');
  } finally {
    getItem.mockRestore();
    setItem.mockRestore();
  }
});
