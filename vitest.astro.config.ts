import { getViteConfig } from 'astro/config';

/** Tests that render .astro files with Astro's container, through Astro's own Vite setup. */
export default getViteConfig({ test: { name: 'astro', include: ['tests/**/*.astro.test.ts'] } });
