/**
 * The window React Router is given (`createBrowserRouter`'s `window` option). On start the router
 * reads its view-transition positions from `sessionStorage`, right before it starts the page's
 * requests. The app uses no view transitions, and a tab's first `sessionStorage` access is a
 * synchronous round trip to the browser process: 10–230 ms measured in a fresh Chromium context,
 * on the critical path of every cold page. The router gets an empty storage instead; everything
 * else it reads is the real window's (methods bound to it, so that they keep working).
 */
const NO_STORAGE: Storage = {
  length: 0,
  clear: () => {},
  getItem: () => null,
  key: () => null,
  removeItem: () => {},
  setItem: () => {},
};

export function routerWindow(target: Window = window): Window {
  return new Proxy(target, {
    get(window, key) {
      if (key === 'sessionStorage') return NO_STORAGE;
      const value: unknown = Reflect.get(window, key, window);
      return typeof value === 'function' && !/^[A-Z]/.test(String(key)) ? (value as (...args: unknown[]) => unknown).bind(window) : value;
    },
  });
}
