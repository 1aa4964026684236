// @ts-check
/**
 * Joins a response body's parts into one Buffer cut from a shared slab, the way Node's own pool
 * serves small Buffers, but for bodies up to 16 KB rather than 4 KB. A body past Node's pool size
 * got a backing store of its own per request (allocated, tracked as external memory, freed by a
 * garbage collection): for a 12 KB answer that cost more than the copy itself.
 *
 * A slab lives while any body cut from it waits in a socket's queue: the kernel's send buffer takes
 * a small body at once, so only a connection whose client stopped reading keeps one, and then at
 * most SLAB_BYTES, no more than its kernel buffer already holds.
 */

/** Bodies up to this size are joined here; larger ones are written as their parts, uncopied. */
export const JOINED_MAX_BYTES = 16 * 1024;
/**
 * Under the workers' malloc mmap threshold (64 KB, server/primary.mjs): a slab at or above it would
 * be mapped and unmapped by the kernel each time, its pages faulted in as bodies are copied.
 */
const SLAB_BYTES = 3 * JOINED_MAX_BYTES;

let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
let used = 0;

/**
 * The parts, in order, then `text` as UTF-8, in one Buffer of `length` bytes (their total, at most
 * JOINED_MAX_BYTES). The text (an envelope's per-request tail) is encoded in place: no Buffer of its own.
 * @param {readonly Uint8Array[]} parts
 * @param {number} length
 * @param {string} [text]
 */
export function joinParts(parts, length, text = '') {
  if (used + length > SLAB_BYTES) {
    slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
    used = 0;
  }
  const body = slab.subarray(used, used + length);
  let at = 0;
  for (const part of parts) {
    body.set(part, at);
    at += part.length;
  }
  if (text !== '') body.write(text, at);
  // The next body starts 8-byte aligned, as in Node's pool.
  used += (length + 7) & ~7;
  return body;
}
