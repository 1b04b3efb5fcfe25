// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createBrowserRouter } from 'react-router';
import { routerWindow } from './router-window.ts';

describe('the window the router is given', () => {
  it('keeps the router away from sessionStorage on start (a synchronous round trip in a new tab)', () => {
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const router = createBrowserRouter([{ path: '/', element: null }], { window: routerWindow() });
    expect(read).not.toHaveBeenCalled();
    // The real window behind it: the router reads the location and listens for history changes.
    expect(router.state.location.pathname).toBe(window.location.pathname);
    router.dispose();
    read.mockRestore();
  });

  it('hands back the window’s own values, methods bound to it', () => {
    const proxied = routerWindow();
    expect(proxied.location).toBe(window.location);
    expect(proxied.history).toBe(window.history);
    const listener = vi.fn();
    proxied.addEventListener('popstate', listener);
    window.dispatchEvent(new Event('popstate'));
    proxied.removeEventListener('popstate', listener);
    window.dispatchEvent(new Event('popstate'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(proxied.sessionStorage.getItem('anything')).toBeNull();
  });
});
