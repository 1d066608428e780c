import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTime } from '@freguesia/shared/domain/dates';
import { formatMoney } from '@freguesia/shared/domain/money';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * The dashboard (spec part 3 §2, §3, §7) on the real local runtime: the seed's purchases reach
 * the figures through DynamoDB Local's stream and the local poller, a new POS sale moves the
 * cards, and signing in lands on /dashboard.
 */

interface Answer {
  dashboardInfo: {
    salesMonth: { total: number; avg_ticket: number };
    salesMonthClub: { total: number };
    salesMonthNotClub: { total: number };
    totalCustomersByChannel: { channel: string; qty: number }[];
    totalCustomersByTags: { tag: string; qty: number }[];
  };
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;

const dashboard = async () => {
  const { status, body } = await apiCall<Answer>(token, 'GET', '/web/dashboard');
  expect(status).toBe(200);
  return body.dashboardInfo;
};
const brl = (reais: number) => formatMoney(Math.round(reais * 100));
const card = (testId: string) => page.getByTestId(testId).textContent();

beforeAll(async () => {
  browser = await launchBrowser();
  token = (await apiLogin()).token;
  // The poller works through the seed's stream records right after start-up: wait until the
  // figures stop moving.
  // expect.poll only works inside a test, so this is a plain polling loop.
  const deadline = Date.now() + 240_000;
  for (let previous = -1; ;) {
    const total = (await dashboard()).salesMonth.total;
    if (total > 0 && total === previous) break;
    previous = total;
    if (Date.now() > deadline) {
      throw new Error(`the dashboard figures did not settle in 240 s (last month total: ${total})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe('dashboard', () => {
  it('lands on /dashboard after login and shows the seeded month in cards, charts and tags', async () => {
    const info = await dashboard();
    context = await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'pt-BR' });
    page = await context.newPage();
    await loginAs(page, adminCredentials);

    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect
      .poll(() => card('card-month-sales'), { timeout: 20_000 })
      .toContain(brl(info.salesMonth.total));
    expect(await card('card-average-ticket')).toContain(brl(info.salesMonth.avg_ticket));
    expect(await card('card-identified')).toContain(brl(info.salesMonthClub.total));
    expect(await card('card-unidentified')).toContain(brl(info.salesMonthNotClub.total));
    // Identified and unidentified add up to the month.
    expect(Math.round((info.salesMonthClub.total + info.salesMonthNotClub.total) * 100)).toBe(
      Math.round(info.salesMonth.total * 100),
    );
    await page.getByTestId('dashboard-per-hour').locator('.recharts-area').first().waitFor();
    const topChannel = info.totalCustomersByChannel[0]!;
    await expect
      .poll(() => page.getByTestId('dashboard-channels-total').textContent())
      .toContain(topChannel.channel);
    // The legend gives each channel its own count.
    expect(await page.getByTestId('dashboard-channels-total').textContent()).toContain(
      `${topChannel.channel} (${topChannel.qty.toLocaleString('pt-BR')})`,
    );
    const topTag = info.totalCustomersByTags[0]!;
    expect(await page.getByTestId('dashboard-tags').textContent()).toContain(topTag.tag);
    await screenshot(page, 'dashboard');

    // A signed-in visit to /login lands here too.
    await page.goto(`${baseUrl()}/login`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('adds a new point-of-sale purchase to the month once the stream brings it in', async () => {
    const before = await dashboard();
    const sale = {
      id_store: 1,
      checkout: '99',
      coupon: String(Date.now()),
      date: localDateTime(new Date(Date.now() - 60_000)),
      amount: 123.45,
      discount: 0,
      origin: 'PDV',
      items: [
        {
          code: '7891000100103',
          description: 'CESTA E2E',
          quantity: 1,
          unit_value: 123.45,
          total_value: 123.45,
          discount: 0,
        },
      ],
    };
    const posted = await apiCall<{ accepted: number }>(
      'frg_local_demo_integration',
      'POST',
      '/integration/baskets',
      sale,
    );
    expect(posted).toMatchObject({ status: 200, body: { accepted: 1 } });

    const expected = brl(before.salesMonth.total + 123.45);
    await page.goto(`${baseUrl()}/dashboard`);
    // The page refreshes on its own every minute; reload to see it sooner.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId('card-month-sales').waitFor();
          return card('card-month-sales');
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toContain(expected);
    expect(await card('card-unidentified')).toContain(brl(before.salesMonthNotClub.total + 123.45));
  });

  it("shows a loading state, not the previous store's figures, while another store loads", async () => {
    await page.goto(`${baseUrl()}/dashboard`);
    await page.getByTestId('card-month-sales').waitFor();
    // Hold the next store's answer back so the switch is observable.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/web\/dashboard\?.*store_id=/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: /Loja/ }).click();
    const option = page.getByRole('option').nth(1);
    const storeName = (await option.textContent())!.trim();
    await option.click();

    const loading = page.getByTestId('dashboard-loading');
    await loading.waitFor();
    expect(await loading.textContent()).toContain(`Carregando o painel de ${storeName}`);
    // Nothing of the previous answer is on the page under the new store's name.
    expect(await page.getByTestId('card-month-sales').count()).toBe(0);
    await screenshot(page, 'dashboard-store-loading');

    release();
    await page.getByTestId('card-month-sales').waitFor();
    await page.unroute(/\/api\/web\/dashboard\?.*store_id=/);
    const { body } = await apiCall<Answer>(
      token,
      'GET',
      `/web/dashboard?store_id=${new URL(page.url()).searchParams.get('store_id')}`,
    );
    expect(await card('card-month-sales')).toContain(brl(body.dashboardInfo.salesMonth.total));
  });
});
