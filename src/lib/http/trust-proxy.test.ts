import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { dropUntrustedForwarding } from './trust-proxy.server.ts';

const request = (remoteAddress: string) =>
  ({
    socket: { remoteAddress },
    headers: { host: 'shop.example', 'x-forwarded-for': '1.2.3.4', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', forwarded: 'for=1.2.3.4' },
  }) as unknown as IncomingMessage;

describe('X-Forwarded-* headers', () => {
  it('are believed from a proxy named in TRUST_PROXY (IPv4 on a dual-stack socket too)', () => {
    const req = request('::ffff:10.0.0.5');
    dropUntrustedForwarding(req, ['10.0.0.5']);
    expect(req.headers['x-forwarded-for']).toBe('1.2.3.4');
  });
  it('are removed when anyone else sends them, and by default', () => {
    for (const trusted of [['10.0.0.5'], []]) {
      const req = request('203.0.113.9');
      dropUntrustedForwarding(req, trusted);
      expect(req.headers).toEqual({ host: 'shop.example' });
    }
  });
});
