// The reference page's initializer, a file of its own so that a Content-Security-Policy with
// script-src 'self' allows it (no inline script). The document sits beside the page: /api/openapi.json.
/* global SwaggerUIBundle */
window.addEventListener('DOMContentLoaded', () => {
  window.ui = SwaggerUIBundle({
    url: new URL('../openapi.json', document.currentScript?.src ?? window.location.href).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    tryItOutEnabled: false,
  });
});
