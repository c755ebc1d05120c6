// Every request body, read once against its route's limit before the route runs (issue 24). Before
// this a 50 MB JSON body was read and parsed whole (7–10 s, and four at once took the storefront
// to 665 MB). Now a declared Content-Length over the limit is refused before a byte is read, and a
// chunked body as soon as it passes the limit; what a route reads is the buffer kept here, so no
// route can read more.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bodyLimitFor, tooLargeMessage } from './body-limits.ts';

/**
 * How long a refused request's connection is held open after our answer, for the client to read it
 * and stop sending; then it is closed whatever the client does.
 */
const HOLD_MS = 2_000;

/** Astro's Node adapter takes a body already read from `req.body` (astro/core/app/node.js). */
type ReadRequest = IncomingMessage & { body?: Buffer };

/**
 * Reads the body into `req.body` within its route's limit; true when the request may go on to the
 * app. False when it was answered here (413) or the client went away.
 */
export async function readBodyWithinLimit(req: ReadRequest, res: ServerResponse): Promise<boolean> {
  if (!hasBody(req)) return true;
  const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
  const limit = bodyLimitFor(pathname);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    refuse(req, res, limit);
    return false;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const outcome = await new Promise<'read' | 'too-large' | 'gone'>((resolve) => {
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        detach();
        resolve('too-large');
      } else {
        chunks.push(chunk);
      }
    };
    const onEnd = () => {
      detach();
      resolve('read');
    };
    const onGone = () => {
      detach();
      resolve('gone');
    };
    const detach = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
  if (outcome === 'too-large') refuse(req, res, limit);
  if (outcome !== 'read') return false;
  req.body = Buffer.concat(chunks, size);
  return true;
}

/** Whether the request says it carries a body (RFC 9112 §6.3: a length or a transfer coding). */
function hasBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
}

/**
 * Answers 413 and stops reading: what else the client sends waits in the kernel (TCP pushes back),
 * so none of it reaches memory. The answer is complete (it has a length) but the connection is
 * closed only once the client has gone or HOLD_MS passed: closing a socket with unread bytes resets
 * it, and a reset can reach the client before it has read our answer (measured: write ECONNRESET
 * instead of the 413, now and then, when the rest was drained and then cut).
 */
function refuse(req: IncomingMessage, res: ServerResponse, limit: number) {
  req.pause();
  const body = JSON.stringify({ status: 'FAILURE', error: { message: tooLargeMessage(limit) } });
  res.writeHead(413, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    Connection: 'close',
  });
  res.write(body);
  const close = () => {
    clearTimeout(hold);
    if (!res.writableEnded) res.end();
  };
  const hold = setTimeout(close, HOLD_MS);
  hold.unref();
  req.socket.once('close', close);
}
