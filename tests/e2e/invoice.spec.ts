import { expect, screenshot, test } from '../support/e2e.ts';
import { placeOrderOnStorePage } from '../support/checkout-form.ts';
import { seriousViolations } from '../support/axe.ts';
import { openGroceryStore } from '../support/fixtures.ts';
import { itemTaxClass } from '#/network/catalogue/tax.ts';
import { fastStorefront as server } from '../support/e2e-ready.ts';

// Issue 29 on a phone (360×740): a prepaid order cancelled before shipping has its GST invoice and
// a credit note for the refund; both read on the phone's width without scrolling the page sideways.
const store = openGroceryStore();

test.describe('the GST invoice and credit note on a phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone check');

  test('order by UPI → cancel → the invoice with HSN and CGST/SGST → its credit note', async ({ page }) => {
    test.setTimeout(150_000);
    const item = store.items[0]!;
    const orderId = await placeOrderOnStorePage(page, server.url, 'upi');

    const cancel = await page.request.post(`${server.url}/ondc/order/update`, { data: { type: 'cancel', order_id: orderId, reason_id: '006' } });
    expect(cancel.status()).toBe(200);
    await expect
      .poll(
        async () => ((await (await page.request.get(`${server.url}/ondc/order/detail?order_id=${orderId}`)).json()) as { refunds: unknown[] }).refunds.length,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);

    await page.goto(`${server.url}/order-history?order_id=${orderId}`);
    await page.getByRole('link', { name: 'Invoice and credit note' }).click();
    await expect(page.getByRole('heading', { name: 'Tax invoice' })).toBeVisible();
    const taxClass = itemTaxClass(item)!;
    await expect(page.getByText(`HSN ${taxClass.hsn} · GST ${taxClass.ratePercent}%`)).toBeVisible();
    await expect(page.getByText(/^Place of supply: Karnataka \(29\)$/)).toBeVisible();
    const gst = page.getByRole('table', { name: 'GST in this invoice' });
    await expect(gst.getByRole('columnheader', { name: 'CGST' })).toBeVisible();
    await expect(gst.getByRole('columnheader', { name: 'SGST' })).toBeVisible();
    // Every column of both tables fits the phone: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const wrap of await page.locator('.tax-doc__wrap').all()) expect(await wrap.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshot(page, { path: 'tests/e2e/artifacts/invoice-gst-phone.png', fullPage: true });
    expect(await seriousViolations(page), 'axe on the invoice').toEqual([]);

    await page.getByRole('link', { name: /^KC\/\d{2}-\d{2}\/\d{6} · ₹[\d,.]+ refunded$/ }).click();
    await expect(page.getByRole('heading', { name: 'Credit note' })).toBeVisible();
    await expect(page.getByText('Order cancelled on its way').or(page.getByText('Items cancelled'))).toBeVisible();
    await expect(page.getByRole('row', { name: /Amount refunded/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'GST reversed by this credit note' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, { path: 'tests/e2e/artifacts/credit-note-phone.png', fullPage: true });
    expect(await seriousViolations(page), 'axe on the credit note').toEqual([]);
  });
});
