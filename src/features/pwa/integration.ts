// Build step of the installable app: draws the manifest's PNG icons from the project's SVGs and
// bundles the service worker to /sw.js, versioned by a hash of the whole build so any change to the
// site ships a new worker. Runs before precompress() so both get their .br/.gz twins.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import sharp from 'sharp';
import { shareCard } from '#/features/sharing/sharing.server.ts';
import { BRAND_SHARE_PATH } from '#/features/sharing/sharing.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

/** Every PNG the manifest names: from which SVG, at which size. */
const ICONS = [
  { file: 'icon-192.png', svg: path.join(root, 'public/favicon.svg'), size: 192 },
  { file: 'icon-512.png', svg: path.join(root, 'public/favicon.svg'), size: 512 },
  { file: 'maskable-192.png', svg: path.join(here, 'icons/maskable.svg'), size: 192 },
  { file: 'maskable-512.png', svg: path.join(here, 'icons/maskable.svg'), size: 512 },
  { file: 'search-96.png', svg: path.join(here, 'icons/search.svg'), size: 96 },
  { file: 'cart-96.png', svg: path.join(here, 'icons/cart.svg'), size: 96 },
  { file: 'orders-96.png', svg: path.join(here, 'icons/orders.svg'), size: 96 },
] as const;

/** Saved at install: the offline page and what the installed app's frame needs. */
const SHELL = ['/offline', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png'];

export function pwa(): AstroIntegration {
  let clientDir: URL | undefined;
  let outDir: URL | undefined;
  return {
    name: 'kirana:pwa',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
        outDir = config.outDir;
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir || !outDir) return;
        const client = fileURLToPath(clientDir);
        await mkdir(path.join(client, 'icons'), { recursive: true });
        for (const icon of ICONS) {
          await sharp(await readFile(icon.svg), { density: Math.ceil((72 * icon.size) / 64) })
            .resize(icon.size, icon.size)
            .png({ compressionLevel: 9 })
            .toFile(path.join(client, 'icons', icon.file));
        }
        // The link-preview card of pages that show no seller's picture (issue 29).
        await writeFile(path.join(client, BRAND_SHARE_PATH), await shareCard(await readFile(path.join(root, 'public/favicon.svg'))));
        const version = await hashOfBuild(fileURLToPath(outDir));
        const bundle = await build({
          entryPoints: [path.join(here, 'sw.ts')],
          bundle: true,
          write: false,
          format: 'iife',
          minify: true,
          target: 'es2022',
          legalComments: 'none',
          define: { __SW_VERSION__: JSON.stringify(version), __SHELL__: JSON.stringify(SHELL) },
        });
        const code = bundle.outputFiles[0]?.text;
        if (!code) throw new Error('the service worker did not bundle');
        await writeFile(path.join(client, 'sw.js'), code);
        logger.info(`service worker ${version} (${code.length} B), ${ICONS.length} icons`);
      },
    },
  };
}

/** A short hash of every built file (client and server), so the worker changes with the site. */
async function hashOfBuild(dir: string): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await walk(dir)).sort()) {
    if (/\.(br|gz)$/.test(file) || file.endsWith(`${path.sep}sw.js`)) continue;
    hash.update(path.relative(dir, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 12);
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = await Promise.all(entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : Promise.resolve([path.join(dir, e.name)]))));
  return files.flat();
}
