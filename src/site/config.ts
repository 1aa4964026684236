/** Site-wide facts: name, release and the public base URL every absolute URL derives from. */
import packageJson from '../../package.json' with { type: 'json' };

/** The site's name, as llms.txt, titles and the contract show it. */
export const SITE_NAME = 'Oficina Norte';

/** The release, from package.json. */
export const SITE_VERSION: string = packageJson.version;

/** Default public base URL when SITE_URL is not set. */
export const DEFAULT_SITE_URL = 'http://localhost:4321';

/** The public base URL, without a trailing slash, from the SITE_URL environment variable. */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  const value = env['SITE_URL']?.trim() || DEFAULT_SITE_URL;
  const parsed = new URL(value);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`SITE_URL must be an http(s) URL; got "${value}"`);
  return parsed.href.replace(/\/+$/, '');
}

/**
 * The public base URL when SITE_URL names one, else undefined: what a document served to other
 * hosts (the contract's servers, the api-catalog) may state, where the localhost default would send a
 * generated client to the wrong machine.
 */
export function configuredSiteUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  return env['SITE_URL']?.trim() ? siteUrl(env) : undefined;
}

/** A URL for a site path: absolute from `base`, or the path itself (a relative reference) without one. */
export function publicUrl(path: string, base: string | undefined): string {
  return base === undefined ? path : absoluteUrl(path, base);
}

/** An absolute URL for a site path. */
export function absoluteUrl(path: string, base = siteUrl()): string {
  return new URL(path, `${base}/`).href;
}
