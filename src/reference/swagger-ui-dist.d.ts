/**
 * The part of swagger-ui-dist (which ships no types) that the console (console.ts) calls. It imports
 * the browser bundle directly: the package's main module also requires Node's `path`.
 */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  /** Options of SwaggerUIBundle; see https://swagger.io/docs/open-source-tools/swagger-ui/usage/configuration/ */
  export interface SwaggerUIOptions {
    spec: object;
    domNode: Element;
    validatorUrl: string | null;
    deepLinking?: boolean;
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    displayRequestDuration?: boolean;
    tryItOutEnabled?: boolean;
    withCredentials?: boolean;
    syntaxHighlight?: false | { activated: boolean; theme?: string };
  }
  /** Renders the UI into `domNode`. */
  export default function SwaggerUIBundle(options: SwaggerUIOptions): unknown;
}
