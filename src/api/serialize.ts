/** The one JSON serialization the API and the exports share, so their bytes agree. */
export function serializePayload(payload: unknown): string {
  return JSON.stringify(payload);
}
