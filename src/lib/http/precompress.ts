import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AstroIntegration } from 'astro';

const COMPRESSIBLE = /\.(js|mjs|css|svg|html|xml|txt|json|webmanifest|ico)$/;

/** Writes `.br` and `.gz` twins of the client build once, at maximum strength, for the static handler. */
export function precompress(): AstroIntegration {
  let clientDir: URL | undefined;
  return {
    name: 'kirana:precompress',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = config.build.client;
      },
      'astro:build:done': async ({ logger }) => {
        if (!clientDir) return;
        const root = clientDir.pathname;
        let count = 0;
        for (const file of await walk(root)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const body = await readFile(file);
          if (body.length < 512) continue;
          await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
          count++;
        }
        logger.info(`precompressed ${count} client files`);
      },
    },
  };
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      return e.isDirectory() ? walk(full) : Promise.resolve([full]);
    }),
  );
  return files.flat();
}
