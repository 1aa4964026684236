/**
 * The interactive console, loaded only when the reader asks for it: a self-hosted Swagger UI
 * (bundled by Vite into its own chunk under /_astro/, nothing from another origin), themed by
 * console-theme.css so it meets the same contrast and target-size rules as the site.
 */
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
// As URLs, not side-effect imports: Astro would hoist imported CSS into the page's <head>.
import swaggerStyles from 'swagger-ui-dist/swagger-ui.css?url';
import themeStyles from './console-theme.css?url';

/** Adds a stylesheet to the document and resolves once it has loaded. */
function loadStylesheet(href: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => reject(new Error(`the stylesheet ${href} did not load`));
    document.head.append(link);
  });
}

/** Renders the contract served at `contractUrl` into `domNode`; resolves with the number of operations. */
export async function openConsole(domNode: HTMLElement, contractUrl: string): Promise<number> {
  await Promise.all([loadStylesheet(swaggerStyles), loadStylesheet(themeStyles)]);
  const response = await fetch(contractUrl, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`the contract answered ${response.status}`);
  const envelope = (await response.json()) as { payload: { paths?: Record<string, unknown> } & Record<string, unknown> };
  // The contract names SITE_URL (or "/") as its server; try-it-out must call the origin this page came from.
  // Each path's GET only, as the reference lists them: its HEAD is the same answer without the body.
  const paths = Object.fromEntries(
    Object.entries(envelope.payload.paths ?? {}).map(([path, item]) => {
      const { head: _head, ...methods } = item as Record<string, unknown>;
      return [path, methods];
    }),
  );
  const spec = { ...envelope.payload, paths, servers: [{ url: window.location.origin }] };
  SwaggerUIBundle({
    spec,
    domNode,
    // No badge: it would send the contract to validator.swagger.io.
    validatorUrl: null,
    // The static reference owns the page's fragments (#getHealth, #error-not_found).
    deepLinking: false,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    withCredentials: false,
    // Plain code blocks: the highlighter's palettes fail WCAG contrast.
    syntaxHighlight: false,
  });
  return Object.keys(paths).length;
}
