import { expect, screenshot, test, type Locator, type Page } from '../support/e2e.ts';
import { userIdCookieValue } from '../support/identity.ts';

/** Every request the page makes to a host other than the storefront. */
function watchForeignRequests(page: Page, baseURL: string) {
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(`${baseURL}/`) && !url.startsWith('data:')) foreign.push(url);
  });
  return foreign;
}

function watchConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function mapReady(page: Page) {
  await expect(page.locator('.picker__map .map-pin')).toBeVisible();
  await expect(page.locator('.picker__map path.locality-area').first()).toBeAttached();
}

/** The pin's box once two measurements 150 ms apart agree. */
async function pinAtRest(pin: Locator) {
  let box = await pin.boundingBox();
  for (let tries = 0; tries < 40; tries++) {
    await pin.page().waitForTimeout(150);
    const again = await pin.boundingBox();
    if (box && again && box.x === again.x && box.y === again.y) return again;
    box = again;
  }
  throw new Error('the pin did not come to rest');
}

test('/address-map loads with no request to any other host, and no CSP or script errors', async ({ page, baseURL }, testInfo) => {
  const foreign = watchForeignRequests(page, baseURL ?? '');
  const errors = watchConsoleErrors(page);
  await page.goto('/address-map');
  await mapReady(page);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.locality-label').filter({ hasText: 'HSR Layout' })).toBeVisible();
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
  await screenshot(page, { path: `tests/e2e/artifacts/address-map-${testInfo.project.name}.png` });
});

test.describe('address picker on a phone with location granted', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone journey (360x740)');
  test.use({ geolocation: { latitude: 12.936, longitude: 77.626 }, permissions: ['geolocation'] });

  test('detects the locality, moves with the pin, and a new HOME replaces the old', async ({ page }, testInfo) => {
    const errors = watchConsoleErrors(page);
    // The first-visit prompt's "Use my location" (issue 29): the picker asks for the position at once.
    await page.goto('/address-map?locate=1');
    await mapReady(page);

    // SPEC §4: nothing saved nearby, so the position is reverse-geocoded and chosen.
    const chip = page.locator('[data-address-chip-value]');
    await expect(chip).toHaveText('Koramangala, Bengaluru 560034');
    await expect(page.getByTestId('delivering-to')).toHaveText('Koramangala, Bengaluru 560034');
    await screenshot(page, { path: `tests/e2e/artifacts/location-detected-${testInfo.project.name}.png` });

    // Dragging the pin south-east, towards HSR Layout, changes the address it reads.
    const pin = page.locator('.picker__map .map-pin');
    // The map pans to the detected position (Leaflet animates it): a press measured mid-pan lands
    // beside the pin and drags the map instead, and the pin keeps its locality.
    const box = await pinAtRest(pin);
    const x = box.x + box.width / 2;
    const y = box.y + box.height - 4;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 60, y + 80, { steps: 8 });
    await page.mouse.move(x + 120, y + 150, { steps: 8 });
    await page.mouse.up();
    const pinAddress = page.getByTestId('pin-address');
    await expect(pinAddress).toBeVisible();
    await expect(pinAddress).not.toContainText('Koramangala');
    const dragged = await pinAddress.textContent();
    await screenshot(page, { path: `tests/e2e/artifacts/location-dragged-${testInfo.project.name}.png` });

    // Save it as HOME through the form; a missing house number is reported next to its field.
    await page.getByRole('button', { name: 'Add address details' }).click();
    await page.getByRole('radio', { name: 'Home' }).check();
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Enter your house or flat number')).toBeVisible();
    await expect(page.getByLabel(/House \/ flat number/)).toBeFocused();
    await screenshot(page, { path: `tests/e2e/artifacts/address-form-errors-${testInfo.project.name}.png`, fullPage: true });
    await page.getByLabel(/House \/ flat number/).fill('221B');
    await page.getByRole('button', { name: 'Save address' }).click();
    const saved = page.getByTestId('saved-address');
    await expect(saved).toHaveCount(1);
    await expect(saved.first()).toContainText('Home');
    await expect(saved.first()).toContainText(dragged?.split(',')[0] ?? '');

    // Another HOME, in Indiranagar, replaces the first (SPEC §5).
    await page.getByLabel('Search locality or pin code').fill('560038');
    await page.getByRole('button', { name: /Indiranagar/ }).click();
    await expect(page.getByTestId('pin-address')).toContainText('Indiranagar');
    await page.getByRole('button', { name: 'Add address details' }).click();
    await page.getByLabel(/House \/ flat number/).fill('12');
    await page.getByRole('radio', { name: 'Home' }).check();
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(saved).toHaveCount(1);
    await expect(saved.first()).toContainText('Indiranagar');
    await expect(chip).toHaveText('Indiranagar, Bengaluru 560038');
    await screenshot(page, { path: `tests/e2e/artifacts/address-home-replaced-${testInfo.project.name}.png`, fullPage: true });

    // The server renders the next page for the new locality.
    await page.goto('/');
    await expect(page.locator('[data-address-chip-value]')).toHaveText('Indiranagar, Bengaluru 560038');
    expect(errors).toEqual([]);
  });
});

test.describe('address picker for a signed-in app user', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone journey (360x740)');
  test.use({ geolocation: { latitude: 12.9121, longitude: 77.6446 }, permissions: ['geolocation'] });

  test('keeps saved addresses on the account and picks the one nearby on start', async ({ page, context, baseURL }) => {
    const userId = `e2e-${Date.now()}`;
    await context.addCookies([{ name: 'userId', value: userIdCookieValue(userId), url: baseURL ?? '' }]);
    await page.goto('/address-map?locate=1');
    await mapReady(page);
    await expect(page.locator('[data-address-chip-value]')).toHaveText('HSR Layout, Bengaluru 560102');
    // The detected position is the pin: save it as WORK.
    await page.getByRole('button', { name: 'Add address details' }).click();
    await page.getByLabel(/House \/ flat number/).fill('7');
    await page.getByRole('radio', { name: 'Work' }).check();
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByTestId('saved-address')).toHaveCount(1);

    // On the server for this user (SPEC §7.1), and read back from there on the next start.
    const onServer = await (await page.request.get('/get/unified/address')).json();
    expect(onServer.data.map((a: { address_type: string }) => a.address_type)).toEqual(['WORK']);
    // A fresh start with nothing chosen: the addresses come from the server, and the WORK address
    // at the current position is chosen (SPEC §4) instead of the reverse-geocoded locality.
    await page.evaluate(() => {
      localStorage.removeItem('savedAddresses');
      localStorage.removeItem('current_address');
    });
    await context.clearCookies({ name: 'deliveryLocation' });
    await page.reload();
    await expect(page.getByTestId('saved-address')).toHaveCount(1);
    await expect(page.getByTestId('saved-address').first()).toContainText('Work');
    await expect(page.getByText('You are near a saved address: we chose it.')).toBeVisible();
    const current = await page.evaluate(() => JSON.parse(localStorage.getItem('current_address') ?? 'null'));
    expect(current).toMatchObject({ address_type: 'WORK', house_number: '7', distance: 0 });
  });
});

test.describe('address picker on a phone with location denied', () => {
  test.skip(({ isMobile }) => !isMobile, 'the phone journey (360x740)');
  test.use({ permissions: [] });

  test('says location is off, and the shopper types a pincode instead', async ({ page }, testInfo) => {
    await page.goto('/address-map?locate=1');
    await mapReady(page);
    await expect(page.getByRole('alert')).toContainText('Location access is turned off');
    await screenshot(page, { path: `tests/e2e/artifacts/location-denied-${testInfo.project.name}.png` });

    // The map works from the keyboard too: arrows move it, Enter drops the pin at its centre.
    await page.locator('.picker__map').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('pin-address')).toContainText('HSR Layout, Bengaluru, Karnataka 560102');

    await page.getByLabel('Search locality or pin code').fill('110024');
    await page.getByRole('button', { name: /Lajpat Nagar/ }).click();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await expect(page.locator('[data-address-chip-value]')).toHaveText('Lajpat Nagar, Delhi 110024');
  });

  test('shows "we don’t deliver here yet" for a pincode no seller serves, with a way to change it', async ({ page }, testInfo) => {
    await page.goto('/address-map');
    await mapReady(page);
    await page.getByLabel('Search locality or pin code').fill('560064');
    await page.getByRole('button', { name: /Yelahanka/ }).click();
    await page.getByRole('button', { name: 'Deliver here' }).click();
    await expect(page.getByRole('heading', { name: 'We don’t deliver here yet' })).toBeVisible();
    await screenshot(page, { path: `tests/e2e/artifacts/location-not-served-${testInfo.project.name}.png`, fullPage: true });
    await page.getByRole('link', { name: 'Change address', exact: true }).click();
    await expect(page.getByLabel('Search locality or pin code')).toBeFocused();
  });
});
