import { describe, expect, it } from 'vitest';
import { inCoreVersion } from './core-version.ts';

const onInit = (collectedBy: 'BAP' | 'BPP') => ({ order: { id: 'O1', payment: { type: collectedBy === 'BAP' ? 'ON-ORDER' : 'ON-FULFILLMENT', collected_by: collectedBy, status: 'NOT-PAID' } } });

// ONDC's log validator for core 1.2.5 (Retail_.1.2.5/Init/onInit.ts at 4d13362): "payments.collected_by
// not allowed in on_init when BAP".
describe('a core 1.2.5 seller’s order callbacks (issue 25)', () => {
  it('leaves out who collects a prepaid order in on_init, where the buyer app collecting goes without saying', () => {
    expect(inCoreVersion('1.2.5', 'on_init', onInit('BAP'))).toEqual({ order: { id: 'O1', payment: { type: 'ON-ORDER', status: 'NOT-PAID' } } });
  });

  it('still says the seller collects cash on delivery, and says who collected in on_confirm', () => {
    expect(inCoreVersion('1.2.5', 'on_init', onInit('BPP'))).toEqual(onInit('BPP'));
    expect(inCoreVersion('1.2.5', 'on_confirm', onInit('BAP'))).toEqual(onInit('BAP'));
  });

  it('changes nothing a 1.2.0 seller sends', () => {
    expect(inCoreVersion('1.2.0', 'on_init', onInit('BAP'))).toEqual(onInit('BAP'));
  });
});
