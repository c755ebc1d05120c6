import { describe, expect, it } from 'vitest';
import { qrSvg } from './upi-qr.server.ts';

const link = 'upi://pay?pa=kirana%40simupi&pn=Kirana&am=932.25&tr=0f8fad5bd9cb469fa16570867728950e&tn=Kirana%20order&cu=INR';

describe('the QR code a desktop shows for a UPI intent', () => {
  const svg = qrSvg(link);
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const runs = [...svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), length: Number(m[3]) }));

  it("is a square SVG a scanner can read: a QR version's modules plus a quiet zone of 4 on each side", () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" /);
    // Versions are 21, 25, 29 … modules wide; the link needs more than version 1.
    expect((size - 8 - 21) % 4).toBe(0);
    expect(size).toBeGreaterThan(21 + 8);
    expect(runs.every((r) => r.x >= 4 && r.y >= 4 && r.x + r.length <= size - 4 && r.y < size - 4)).toBe(true);
  });

  it('has the three finder patterns, whose first row is 7 dark modules', () => {
    const top = runs.filter((r) => r.y === 4 && r.length === 7).map((r) => r.x);
    expect(top).toEqual(expect.arrayContaining([4, size - 11]));
    expect(runs.some((r) => r.y === size - 11 && r.x === 4 && r.length === 7)).toBe(true);
  });

  it('is the same drawing for the same link, and another for another amount', () => {
    expect(qrSvg(link)).toBe(svg);
    expect(qrSvg(link.replace('am=932.25', 'am=932.26'))).not.toBe(svg);
  });
});
