import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../db/testing.ts';
import { coinBalance, rewardOrder } from './coins.server.ts';

const config = { OneCoinConversionRate: 2, coinBurnLimitInPercent: 10, coinBurnValue: 1, enableCoinsFeature: true };

describe.each(testDatabases())('SPEC §5 coin ledger on $name', ({ open }) => {
  it('rewards a confirmed order floor(value × rate %) once, and the balance sums the ledger', async () => {
    const database = await open();
    try {
      expect(await coinBalance(database, 'device:a')).toBe(0);
      expect(await rewardOrder(database, 'device:a', 'KO1', 49999, config)).toBe(9);
      expect(await rewardOrder(database, 'device:a', 'KO1', 49999, config)).toBe(0);
      expect(await rewardOrder(database, 'device:a', 'KO2', 50000, config)).toBe(10);
      expect(await coinBalance(database, 'device:a')).toBe(19);
      expect(await coinBalance(database, 'device:b')).toBe(0);
    } finally {
      await database.close();
    }
  });
});
