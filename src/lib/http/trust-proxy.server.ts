// X-Forwarded-For, -Host, -Proto and -Port say who the shopper is and which address they used,
// but anyone can send them: they are believed only from the reverse proxies named in TRUST_PROXY
// (Astro would otherwise take a client's own X-Forwarded-For as its address). From anyone else
// they are removed before the app sees the request.
import type { IncomingMessage } from 'node:http';

const FORWARDING = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded'];

/** The peer address without the IPv4-in-IPv6 prefix a dual-stack socket adds. */
function peerAddress(remote: string | undefined): string {
  return (remote ?? '').replace(/^::ffff:/, '');
}

export function dropUntrustedForwarding(req: IncomingMessage, trusted: readonly string[]): void {
  if (trusted.includes(peerAddress(req.socket.remoteAddress))) return;
  for (const name of FORWARDING) delete req.headers[name];
}
