import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { preferredEncoding } from './encoding.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.html': 'text/html; charset=utf-8',
};

/**
 * Serves the built client files, choosing the `.br` or `.gz` twin written at build time
 * (see precompress.ts) so no byte is compressed per request. Answers false when the path is not
 * a file, so the caller hands the request to the app.
 */
export function createStaticHandler(clientDir: string) {
  const root = path.resolve(clientDir);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    } catch {
      return false;
    }
    const file = path.join(root, pathname);
    if (!file.startsWith(root + path.sep)) return false;
    const stat = statQuiet(file);
    if (!stat?.isFile()) return false;

    const encoding = preferredEncoding(req.headers['accept-encoding']);
    const twin = encoding ? statQuiet(`${file}.${encoding === 'br' ? 'br' : 'gz'}`) : undefined;
    const served = twin?.isFile() ? `${file}.${encoding === 'br' ? 'br' : 'gz'}` : file;
    const size = twin?.isFile() ? twin.size : stat.size;

    res.statusCode = 200;
    res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader('Content-Length', size);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (twin?.isFile() && encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Cache-Control', cacheControlOf(pathname));
    if (req.method === 'HEAD') {
      res.end();
    } else {
      createReadStream(served).pipe(res);
    }
    return true;
  };
}

/**
 * Hashed build output never changes under its name; public/ files may, so they revalidate daily;
 * the service worker is asked for afresh each time, so a new version is found on the next visit.
 */
function cacheControlOf(pathname: string): string {
  if (pathname.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  if (pathname === '/sw.js') return 'no-cache';
  return 'public, max-age=86400';
}

function statQuiet(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
