/** Vitest global setup: one fresh build and one production server for every loopback test. */
import type { TestProject } from 'vitest/node';
import { buildSite, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  buildSite();
  const server = await startServer();
  project.provide('baseUrl', server.url);
  return () => server.stop();
}
