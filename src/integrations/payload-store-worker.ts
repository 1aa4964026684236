/**
 * The worker thread of api-bundle.ts: builds the payload store (the API bundle's longest step,
 * seconds at 100×) from the validated collections it is given, on the core the page prerender
 * leaves idle, and posts it back to be written into the bundle.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { buildPayloadStore, type BuiltPayloadStore } from '../api/payload-store.ts';
import { createCatalog } from '../catalog/catalog.ts';
import type { CatalogSnapshot } from '../catalog/snapshot.ts';

const store: BuiltPayloadStore = buildPayloadStore(createCatalog(workerData as CatalogSnapshot), { brotli: true });
parentPort!.postMessage(store);
