/** Serializes JSON-LD for a `<script type="application/ld+json">` data block. */

/**
 * JSON with `<` escaped, so text in the catalog can never close the script element early
 * (the HTML spec ends a script at the first `</script`).
 */
export function serializeJsonLd(objects: readonly object[]): string {
  const value = objects.length === 1 ? objects[0] : objects;
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
