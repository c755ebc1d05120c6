// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { precompress } from './src/lib/http/precompress.ts';
import { pwa } from './src/features/pwa/integration.ts';
import { islandMarkup } from './src/features/platform/island-markup.ts';

// The canonical site URL is read again at run time (src/config.server.ts); this one only seeds
// build-time URLs. Hosts allowed to reach the app, with any port: see DESIGN.md §7.
const publicHost = process.env.PUBLIC_SITE_URL ? new URL(process.env.PUBLIC_SITE_URL).hostname : undefined;

export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? `http://localhost:${process.env.PORT ?? 4321}`,
  output: 'server',
  adapter: node({ mode: 'middleware' }),
  // pwa() writes /sw.js and the icons before precompress() makes their twins.
  integrations: [
    react(),
    pwa(),
    islandMarkup(),
    precompress(),
    {
      // Item cards hydrate on the shopper's first touch, focus or key, not during load (issue 16).
      name: 'kirana:client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'interaction', entrypoint: './src/features/platform/interaction.directive.ts' }),
      },
    },
  ],
  // Our own prefetch policy (src/features/platform/prefetch.ts) skips 2g and data saver; Astro's
  // would still tap-prefetch there.
  prefetch: false,
  markdown: { syntaxHighlight: false },
  compressHTML: true,
  build: { inlineStylesheets: 'always' },
  security: {
    checkOrigin: true,
    allowedDomains: [{ hostname: 'localhost' }, { hostname: '127.0.0.1' }, ...(publicHost ? [{ hostname: publicHost }] : [])],
    csp: {
      // object-src, base-uri and frame-ancestors come in the header (src/lib/http/security-headers.ts).
      directives: ["default-src 'self'", "img-src 'self' data:", "connect-src 'self'", "font-src 'self'", "form-action 'self'"],
    },
  },
  // Building a zod schema has no side effects: a schema the browser never runs is dropped from its
  // bundles even where its module is imported for a constant or a rule (issue 30). The schemas the
  // browser does run are zod/mini (README "Decisions").
  vite: { build: { rolldownOptions: { treeshake: { manualPureFunctions: ['z'] } } } },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? 'localhost' },
});
