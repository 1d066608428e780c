import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot as saveScreenshot } from '../support/browser';
import { adminCredentials, loginAs } from '../support/login';

/**
 * The geographic screen through headless Chromium against the real local runtime (spec part 1
 * §2 '/geolocation', §5, §9): the map opens with the stores, 'Criar lead' is disabled before any
 * area, a polygon drawn with the mouse around the Copacabana store (seeded customers live around
 * their stores) is counted by the server, the lead is created with the default description
 * 'Lead Geográfico DD/MM/YYYY' edited, and it shows on /leads with that population. The
 * location search flies to a known place (the local geocoding stand-in) or shows the 10 s notice.
 * Tiles are not needed: offline, the map says 'Mapa indisponível' and keeps working.
 *
 * The tests run in order and build on each other.
 */

let browser: Browser;
let context: BrowserContext;
let page: Page;
let population = 0;

const stamp = String(Date.now()).slice(-6);
const STORE = 'Freguesia Copacabana';
const LOCATION_NOT_FOUND = 'Nenhuma localização encontrada, melhore a busca ou tente novamente mais tarde.';

const byTestId = (id: string, scope: Page | Locator = page) => scope.locator(`[data-testid="${id}"]`);
const input = (id: string, scope: Page | Locator = page) => byTestId(id, scope).locator('input').first();
const dialog = () => page.locator('[role=dialog]:visible');
const storeMarker = () => page.locator(`.geo-store-icon[title="${STORE}"]`);

async function expectNotice(text: string) {
  await expect
    .poll(() => page.getByTestId('notifications').textContent(), { timeout: 15_000 })
    .toContain(text);
}

/** Today in São Paulo as DD/MM/YYYY (the business date of the default description). */
function businessToday(): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());
  return parts; // en-GB is already DD/MM/YYYY
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element not on screen');
  return found;
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1440, height: 1100 }, locale: 'pt-BR' });
  page = await context.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('geographic leads', () => {
  it('opens the map with the stores and create-lead disabled', async () => {
    await page.goto(`${baseUrl()}/geolocation`);
    await page.getByRole('heading', { name: 'Geográfica', exact: true }).first().waitFor({ timeout: 20_000 });
    await storeMarker().waitFor({ timeout: 20_000 });
    // Polygon drawing only: no rectangle, circle, marker, line or text tools.
    const map = byTestId('geo-map');
    expect(await map.locator('.leaflet-pm-icon-polygon').count()).toBe(1);
    for (const tool of ['rectangle', 'circle', 'circle-marker', 'marker', 'polyline', 'text']) {
      expect(await map.locator(`.leaflet-pm-icon-${tool}`).count(), tool).toBe(0);
    }
    expect(await byTestId('geo-create-lead').isDisabled()).toBe(true);
  });

  it('counts the customers inside a polygon drawn with the mouse', async () => {
    const store = await box(storeMarker());
    const cx = store.x + store.width / 2;
    const cy = store.y + store.height / 2;
    // At zoom 8 a degree is ~180 px: ±70 px is ±0.38°, around the store's customers (±0.06°).
    const corners: [number, number][] = [
      [cx - 70, cy - 70],
      [cx + 70, cy - 70],
      [cx + 70, cy + 70],
      [cx - 70, cy + 70],
    ];
    await byTestId('geo-map').locator('.leaflet-pm-icon-polygon').click();
    for (const [x, y] of corners) {
      await page.mouse.click(x, y);
      await page.waitForTimeout(150);
    }
    await page.mouse.click(corners[0]![0], corners[0]![1]); // the first vertex closes the area
    await expect
      .poll(() => byTestId('geo-count').textContent(), { timeout: 20_000 })
      .toMatch(/^[\d.]+ clientes? na área$/);
    population = Number((await byTestId('geo-count').textContent())!.replace(/\D/g, ''));
    expect(population).toBeGreaterThan(0);
    await expect.poll(() => byTestId('geo-create-lead').isDisabled()).toBe(false);
    await saveScreenshot(page, 'geolocation-polygon');
  });

  it("creates the geographic lead, 'Lead Geográfico' plus today's date by default", async () => {
    await byTestId('geo-create-lead').click();
    await dialog().getByRole('heading', { name: 'Criar lead' }).waitFor();
    expect(await input('geo-lead-description').inputValue()).toBe(`Lead Geográfico ${businessToday()}`);
    const description = `Lead Geográfico E2E ${stamp}`;
    await input('geo-lead-description').fill(description);
    await byTestId('geo-lead-form-submit').click();
    await expectNotice('Lead Alterado/Cadastrado com sucesso');
    await byTestId('geo-lead-created').waitFor();

    await byTestId('geo-lead-created').getByRole('link', { name: 'Ver leads' }).click();
    await page.waitForURL((url) => url.pathname === '/leads');
    const search = page.locator('input[type=search]').first();
    await search.fill(`E2E ${stamp}`);
    const row = page.locator('tbody tr').filter({ hasText: description }).first();
    await row.waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain(population.toLocaleString('pt-BR'));
    await saveScreenshot(page, 'geolocation-lead-in-list');
  });

  it('searches a location: flies to it, or says nothing was found for 10 s', async () => {
    await page.goto(`${baseUrl()}/geolocation`);
    await storeMarker().waitFor({ timeout: 20_000 });
    await input('geo-search').fill('Rua Que Não Existe, Cidade Nenhuma, ZZ');
    await byTestId('geo-search-submit').click();
    await expectNotice(LOCATION_NOT_FOUND);

    // The local geocoding stand-in knows Rua da Assembleia (Rio de Janeiro): zoom 15 there
    // leaves the Copacabana store (7 km away) outside the map.
    await input('geo-search').fill('Rua da Assembleia, Rio de Janeiro, RJ');
    await byTestId('geo-search-submit').click();
    const map = await box(byTestId('geo-map'));
    await expect
      .poll(
        async () => {
          const store = await storeMarker().boundingBox();
          return (
            !store ||
            store.y + store.height < map.y ||
            store.y > map.y + map.height ||
            store.x > map.x + map.width ||
            store.x + store.width < map.x
          );
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  });
});
