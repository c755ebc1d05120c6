import { describe, expect, it } from 'vitest';
import { buildContext } from '#/ondc/context.ts';
import { parseItemPath } from '#/ondc/catalog-rejection.ts';
import { catalogRejectionMessage } from './rejection.server.ts';

const app = { identity: { subscriberId: 'kirana.localhost' }, bapUri: 'http://kirana.localhost:4321/bap' } as Parameters<typeof catalogRejectionMessage>[0];
const onSearch = {
  ...buildContext({ action: 'search', domain: 'ONDC:RET11', city: '*', transactionId: 'T1', bapId: 'kirana.localhost', bapUri: app.bapUri }),
  action: 'on_search' as const,
  bpp_id: 'dine-one',
  bpp_uri: 'http://sellers.localhost:5321/sellers/dine-one',
};

describe('catalog_rejection to the seller', () => {
  it("answers in the on_search's transaction, city and domain, one ITEM-ERROR per item with ONDC's code", () => {
    const at = new Date('2026-11-25T03:00:00.000Z');
    const message = catalogRejectionMessage(
      app,
      onSearch,
      [{ providerId: 'P1', itemId: 'I9', code: '91011', detail: 'a photo is heic, which browsers do not show' }],
      at,
    );
    expect(message.context).toMatchObject({
      action: 'catalog_rejection',
      domain: 'ONDC:RET11',
      city: '*',
      transaction_id: 'T1',
      bpp_id: 'dine-one',
      ttl: 'PT30S',
      timestamp: at.toISOString(),
    });
    expect(message.context.message_id).not.toBe(onSearch.message_id);
    expect(message.errors).toEqual([
      {
        type: 'ITEM-ERROR',
        code: '91011',
        path: '/message/catalog/bpp/providers/P1/items/I9',
        message: 'Incorrect Image File Format: a photo is heic, which browsers do not show',
      },
    ]);
    expect(parseItemPath(message.errors[0]!.path)).toEqual({ providerId: 'P1', itemId: 'I9' });
    expect('message' in message).toBe(false);
  });

  it('answers a core 1.2.5 catalogue in 1.2.5, a 1.2.0 one in 1.2.0 (issue 25)', () => {
    const rejected = [{ providerId: 'P1', itemId: 'I9', code: '91011', detail: 'heic' }] as const;
    expect(catalogRejectionMessage(app, { ...onSearch, core_version: '1.2.5' }, rejected).context.core_version).toBe('1.2.5');
    expect(catalogRejectionMessage(app, onSearch, rejected).context.core_version).toBe('1.2.0');
  });

  it('names a store it cannot list with a PROVIDER-ERROR at the provider path', () => {
    const message = catalogRejectionMessage(app, onSearch, [{ providerId: 'P1', code: '90021', detail: 'locations.0.address: required' }]);
    expect(message.errors).toEqual([
      { type: 'PROVIDER-ERROR', code: '90021', path: '/message/catalog/bpp/providers/P1', message: 'Invalid Address received: locations.0.address: required' },
    ]);
  });
});
