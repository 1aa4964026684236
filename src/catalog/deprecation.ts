/**
 * Which declared deprecation (src/schemas/history.ts) a request meets: its route's, a parameter's it
 * sends, a value's it chooses (a deprecated category as a filter), or its entry's (a deprecated
 * category's detail). The answer then carries Deprecation (RFC 9745), Sunset (RFC 8594) and
 * Link rel="deprecation"; the earliest sunset wins when several apply.
 */
import type { ParamName } from '../routes/params.ts';
import type { RouteSpec } from '../routes/routes.ts';
import type { Deprecation } from '../schemas/history.ts';
import type { Catalog } from './catalog.ts';
import { httpDate } from './dates.ts';
import { memo } from './memo.ts';

/** Deprecated choice values by route, parameter and value, made once per catalog. */
function deprecatedValues(catalog: Catalog, route: RouteSpec): ReadonlyMap<string, Deprecation> {
  return memo(catalog, `deprecated-values:${route.id}`, () => {
    const found = new Map<string, Deprecation>();
    for (const param of route.params) {
      for (const choice of param.choices?.(catalog) ?? [])
        if (choice.deprecated) found.set(`${param.name}\u0000${choice.value}`, choice.deprecated);
    }
    return found;
  });
}

const earliest = (found: (Deprecation | undefined)[]): Deprecation | undefined =>
  found.reduce<Deprecation | undefined>((best, item) => (item && (!best || item.sunset < best.sunset) ? item : best), undefined);

/** The deprecation a request meets, or undefined (the usual case, at the cost of a few look-ups). */
export function requestDeprecation(
  catalog: Catalog,
  route: RouteSpec,
  slug: string | undefined,
  received: Readonly<Record<string, string>>,
  choices: Readonly<Partial<Record<ParamName, string>>>,
): Deprecation | undefined {
  const values = deprecatedValues(catalog, route);
  const found: (Deprecation | undefined)[] = [route.deprecated];
  for (const param of route.params) if (param.deprecated && param.name in received) found.push(param.deprecated);
  if (values.size > 0) for (const [name, value] of Object.entries(choices)) found.push(values.get(`${name}\u0000${value}`));
  if (route.detail && slug !== undefined)
    found.push((catalog.get(route.detail, slug) as { deprecated?: Deprecation } | undefined)?.deprecated);
  return earliest(found);
}

/** The page a deprecated answer's Link rel="deprecation" points at: the API reference, which marks it. */
export const DEPRECATION_DOCS_PATH = '/openapi/';

/** The three headers of a deprecated answer; `docs` is the absolute URL that explains the change. */
export function deprecationHeaders(deprecation: Deprecation, docs: string): Record<string, string> {
  return {
    Deprecation: `@${Date.parse(`${deprecation.since}T00:00:00Z`) / 1000}`,
    Sunset: httpDate(`${deprecation.sunset}T00:00:00Z`),
    Link: `<${docs}>; rel="deprecation"; type="text/html"`,
  };
}
