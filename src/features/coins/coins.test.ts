import { describe, expect, it } from 'vitest';
import { burnDiscountPaise, burnableCoins, coinsEnabled, coinsReward } from './coins.ts';

describe('SPEC §5 coin reward: floor(value × conversion rate %)', () => {
  it('₹499.99 at 2 % is 9 coins', () => expect(coinsReward(49999, 2)).toBe(9));
  it('₹500 at 2 % is 10 coins', () => expect(coinsReward(50000, 2)).toBe(10));
  it('nothing at a rate of 0', () => expect(coinsReward(50000, 0)).toBe(0));
});

describe('SPEC §5 burnable coins: floor(value × burn limit %), capped by balance', () => {
  it('the limit when the balance is larger', () => expect(burnableCoins(45050, 10, 1000)).toBe(45));
  it('the balance when it is smaller', () => expect(burnableCoins(45050, 10, 12)).toBe(12));
  it('none with an empty balance', () => expect(burnableCoins(45050, 10, 0)).toBe(0));
});

describe('SPEC §5 burn discount: coins × coin value', () => {
  it('45 coins at ₹0.50 are ₹22.50', () => expect(burnDiscountPaise(45, 0.5)).toBe(2250));
  it('3 coins at ₹0.10 are 30 paise, without float drift', () => expect(burnDiscountPaise(3, 0.1)).toBe(30));
});

describe("SPEC §5 coins are enabled only with the uiConfig flag and the cookie 'true'", () => {
  it('both', () => expect(coinsEnabled({ enableCoinsFeature: true }, 'true')).toBe(true));
  it('flag off', () => expect(coinsEnabled({ enableCoinsFeature: false }, 'true')).toBe(false));
  it('flag missing', () => expect(coinsEnabled({}, 'true')).toBe(false));
  it("cookie not 'true'", () => expect(coinsEnabled({ enableCoinsFeature: true }, 'TRUE')).toBe(false));
  it('no cookie', () => expect(coinsEnabled({ enableCoinsFeature: true }, undefined)).toBe(false));
});
