import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * MUI's styles under the gateway's Content-Security-Policy (`style-src 'self' 'nonce-…'`): emotion
 * inserts `<style>` elements at run time, and the browser applies them only when they carry the
 * nonce of this page's response, which the server writes into `<meta name="csp-nonce">`. Without
 * the meta (Vite's dev server, tests) there is no CSP and no nonce is needed.
 */
export function createStyleCache(doc: Document = document): EmotionCache {
  const nonce = doc.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
}
