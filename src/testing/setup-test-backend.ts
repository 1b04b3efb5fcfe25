import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { ApiClient } from '../api/client.ts';
import type { FetchLike } from '../api/http.ts';
import { startBackend, type TestBackend } from './backend.ts';
import { testApi } from './render-app.tsx';

export interface SetupTestBackendOptions {
  /** The client's fetch (e.g. a `recordingFetch()` to read the requests back). */
  fetch?: FetchLike;
  /** After each test, unmount what it rendered (component tests). */
  cleanup?: boolean;
  /** Before each test, empty localStorage (drafts, remembered choices). */
  clearStorage?: boolean;
  /** After each test, restore every spy and mock. */
  restoreMocks?: boolean;
}

export interface TestBackendHandle {
  /** The file's backend (from inside a test or a hook that runs after the file's `beforeAll`). */
  backend: () => TestBackend;
  /** A client of it with the demo credentials. */
  api: () => ApiClient;
}

/**
 * One real reference backend for a test file: started before its tests, closed after them, and
 * the per-test resets the file asks for. Call it at the top of the file; read the getters in tests.
 */
export function setupTestBackend(options: SetupTestBackendOptions = {}): TestBackendHandle {
  let backend: TestBackend | undefined;
  let api: ApiClient | undefined;
  beforeAll(async () => {
    backend = await startBackend();
    api = testApi(backend, options.fetch);
  });
  afterAll(() => backend?.close());
  if (options.clearStorage) beforeEach(() => localStorage.clear());
  if (options.cleanup || options.restoreMocks) {
    afterEach(() => {
      if (options.cleanup) cleanup();
      if (options.restoreMocks) vi.restoreAllMocks();
    });
  }
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('setupTestBackend: the backend is read before its beforeAll has run');
    return value;
  };
  return { backend: () => started(backend), api: () => started(api) };
}
