import type { AstroIntegration } from 'astro';

// Astro writes `uid="…"` on every island "for HMR" (its own comment in hydration.js); nothing in
// the browser reads it in a built page. It is seven random characters per island, so gzip cannot
// fold it: 53 islands on a store page cost ~350 B of the first flight.
const HYDRATION_MODULE = /\/astro\/dist\/runtime\/server\/hydration\.js$/;
const HMR_UID = 'uid: astroId';

/** Leaves the HMR-only island id out of production builds; `astro dev` keeps it. */
export function islandMarkup(): AstroIntegration {
  return {
    name: 'kirana:island-markup',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'kirana:island-markup',
                transform(code: string, id: string) {
                  if (!HYDRATION_MODULE.test(id)) return null;
                  // A new Astro that moved the line must fail the build, not quietly grow every page.
                  if (!code.includes(HMR_UID)) throw new Error(`${id} no longer writes "${HMR_UID}": revisit kirana:island-markup`);
                  return { code: code.replace(HMR_UID, ''), map: null };
                },
              },
            ],
          },
        });
      },
    },
  };
}
