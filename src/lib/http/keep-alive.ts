import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * How long our HTTP servers keep an idle connection open. Node's 5 s makes a phone on a slow
 * network open a new connection for nearly every page, and a client that reuses a connection the
 * moment it is closed sees "other side closed" on a request it never got to send (a loaded test
 * machine did). 65 s outlasts the 60 s idle timeout of the usual load balancers in front of us.
 */
const KEEP_ALIVE_MS = 65_000;

/**
 * An HTTP server that keeps idle connections for KEEP_ALIVE_MS, and, once close() is called, drops
 * each connection as its last answer goes out: close() waits for kept-alive connections, and would
 * otherwise hold a drain for the whole 65 s.
 */
export function createKeepAliveServer(handler: RequestListener): Server {
  const server: Server = createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, (req, res) => {
    res.once('finish', () => {
      if (!server.listening) setImmediate(() => server.closeIdleConnections());
    });
    handler(req, res);
  });
  return server;
}
