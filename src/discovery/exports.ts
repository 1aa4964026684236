/** The static exports: each the default payload of its endpoint, serialized one way. */
import type { Catalog } from '../catalog/catalog.ts';
import { memo } from '../catalog/memo.ts';
import { DEFAULT_LOCALE } from '../schemas/common.ts';
import type { ApiRoute } from '../api/routes.ts';

/** The one JSON serialization the API and the exports share, so their bytes agree. */
export function serializePayload(payload: unknown): string {
  return JSON.stringify(payload);
}

/** Public path of an export file. */
export function exportPath(file: string): string {
  return `/data/${file}`;
}

/** The default payload of a route (default locale, no filters), as served and exported. */
export function defaultPayloadJson(route: ApiRoute, routes: readonly ApiRoute[], catalog: Catalog): string {
  return memo(catalog, `export:${route.id}`, () =>
    serializePayload(route.handler({ catalog, locale: DEFAULT_LOCALE, values: {}, routes })),
  );
}
