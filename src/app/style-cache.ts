import createCache, { type EmotionCache } from '@emotion/cache';
import type { Theme } from '@mui/material/styles';

/**
 * MUI's styles under the gateway's Content-Security-Policy (`style-src 'self' 'nonce-…'`): emotion
 * and the data grid insert `<style>` elements at run time, and the browser applies them only when
 * they carry the nonce of this page's response, which the server writes into
 * `<meta name="csp-nonce">`. Without the meta (Vite's dev server, tests) there is no CSP and no
 * nonce is needed.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  return doc.querySelector('meta[name="csp-nonce"]')?.getAttribute('content') ?? undefined;
}

export function createStyleCache(nonce: string | undefined): EmotionCache {
  return createCache({ key: 'css', ...(nonce ? { nonce } : {}) });
}

/** The theme with the nonce as a default prop of the components that write their own `<style>` (the data grid's CSS variables). */
export function withStyleNonce(theme: Theme, nonce: string | undefined): Theme {
  if (!nonce) return theme;
  const components = (theme.components ?? {}) as Record<string, { defaultProps?: Record<string, unknown> } | undefined>;
  const grid = components.MuiDataGrid;
  return { ...theme, components: { ...components, MuiDataGrid: { ...grid, defaultProps: { ...grid?.defaultProps, nonce } } } as Theme['components'] };
}
