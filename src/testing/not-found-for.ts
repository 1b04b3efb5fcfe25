/**
 * A real upstream without one extension: GETs whose path matches `path` answer 404 (as a service
 * that lacks them would), everything else passes through to the reference backend.
 */
export function notFoundFor(path: RegExp): typeof fetch {
  return (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if ((init?.method ?? 'GET') === 'GET' && path.test(url.pathname)) {
      return Promise.resolve(
        new Response(JSON.stringify({ type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such path.' }), {
          status: 404,
          headers: { 'content-type': 'application/problem+json' },
        }),
      );
    }
    return fetch(input, init);
  };
}
