// The reference page's initializer, a file of its own so that a Content-Security-Policy with
// script-src 'self' allows it (no inline script). The page names the document on this script's tag
// (data-document): read now, while this script runs, since document.currentScript is null inside
// the DOMContentLoaded callback (then /api/docs, without its trailing slash, failed to load it).
/* global SwaggerUIBundle */
const documentUrl = new URL(document.currentScript?.dataset.document ?? '../openapi.json', document.currentScript?.src ?? window.location.href).href;
window.addEventListener('DOMContentLoaded', () => {
  window.ui = SwaggerUIBundle({
    url: documentUrl,
    dom_id: '#swagger-ui',
    deepLinking: true,
    tryItOutEnabled: false,
  });
});
