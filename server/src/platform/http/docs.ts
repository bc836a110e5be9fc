/** /api/docs: swagger-ui over the generated OpenAPI description. */
import type { Server } from '@hapi/hapi';
import swaggerUi from 'swagger-ui-dist';
import { buildOpenApi } from './openapi.js';

const page = (prefix: string) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Atende API</title>
<link rel="stylesheet" href="${prefix}/docs/assets/swagger-ui.css"></head>
<body><div id="docs"></div>
<script src="${prefix}/docs/assets/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '${prefix}/docs/openapi.json', dom_id: '#docs' });</script>
</body></html>`;

export function registerDocs(server: Server, prefix: string): void {
  let description: Record<string, unknown> | null = null;
  server.route([
    {
      method: 'GET',
      path: `${prefix}/docs/openapi.json`,
      options: { auth: false, description: 'OpenAPI description of this API' },
      // Built on first request, once every plugin has registered its routes.
      handler: () => (description ??= buildOpenApi(server, prefix)),
    },
    {
      method: 'GET',
      path: `${prefix}/docs`,
      options: { auth: false },
      handler: (_request, h) => h.response(page(prefix)).type('text/html'),
    },
    {
      method: 'GET',
      path: `${prefix}/docs/assets/{file}`,
      options: { auth: false },
      handler: { directory: { path: swaggerUi.getAbsoluteFSPath(), listing: false, index: false } },
    },
  ]);
}
