// A small reverse proxy on loopback standing where nginx stands in production (README
// "Production"): one address in front of several storefront processes, round robin, trying the
// next process when one refuses the connection (nginx's proxy_next_upstream error). A test may
// route some paths to chosen processes, or hold a request for a while before passing it on.
import { createServer, request as forward, type IncomingMessage } from 'node:http';

export type Route = (req: IncomingMessage) => { upstreams?: string[]; delayMs?: number } | undefined;

export interface StartedProxy {
  url: string;
  /** The processes behind the proxy (replace the list as processes come and go). */
  upstreams: string[];
  /** Requests passed on, with which process took them. */
  log: Array<{ at: number; method: string; path: string; upstream: string }>;
  close: () => Promise<void>;
}

export async function startProxy(upstreams: string[], route: Route = () => undefined): Promise<StartedProxy> {
  let next = 0;
  const proxy: StartedProxy = { url: '', upstreams, log: [], close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const chosen = route(req);
      const candidates = chosen?.upstreams ?? proxy.upstreams;
      const start = next++;
      const attempt = (tries: number) => {
        const upstream = candidates[(start + tries) % Math.max(1, candidates.length)];
        if (!upstream || tries >= candidates.length) {
          res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":{"message":"no storefront process answered"}}');
          return;
        }
        const target = new URL(req.url ?? '/', upstream);
        const headers = { ...req.headers, host: new URL(proxy.url).host, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http' };
        const outgoing = forward(target, { method: req.method, headers }, (answer) => {
          proxy.log.push({ at: Date.now(), method: req.method ?? 'GET', path: req.url ?? '/', upstream });
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        });
        outgoing.on('error', (error: NodeJS.ErrnoException) => {
          // Refused: that process is down, the next one takes the request. Cut mid-way: as nginx
          // does for a request it already sent, the client gets 502 and decides.
          if (error.code === 'ECONNREFUSED' && !res.headersSent) attempt(tries + 1);
          else if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' }).end('{"error":{"message":"the storefront process went away"}}');
          else res.destroy();
        });
        outgoing.end(body);
      };
      if (chosen?.delayMs) setTimeout(() => attempt(0), chosen.delayMs);
      else attempt(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  proxy.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return proxy;
}
