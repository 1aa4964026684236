/**
 * The process serving the API, as /api/health reports it: which build it runs and whether it is
 * draining. The production server (server/) sets both; `astro dev` and in-process tests keep the
 * defaults.
 */
export const serviceState = {
  /** The build id from dist/build.json (src/integrations/build-inputs.ts); 'source' when served from src/. */
  build: 'source',
  /** True once the process has stopped accepting connections and is finishing the ones it has. */
  draining: false,
};
