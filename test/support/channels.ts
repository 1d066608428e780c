import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { baseUrl } from './browser';

/**
 * Registers a WhatsApp channel on the local runtime's stand-in Cloud API (infra/local/whatsapp-route.ts)
 * as staff do: Ajustes › Plataforma › Atendimentos › new channel, 'WhatsApp Cloud API (Meta)', paced
 * without waits. Answers the channel's row in the list and its id.
 */
export async function registerCloudApiChannel(
  page: Page,
  channel: { description: string; phoneId: string; account: string; token: string; appSecret: string },
): Promise<{ row: Locator; id: number }> {
  const byTestId = (id: string) => page.locator(`[data-testid="${id}"]`);
  const input = (id: string) => byTestId(id).locator('input, textarea').first();
  await page.goto(`${baseUrl()}/settings/platform?tab=atendimentos`);
  await byTestId('channels-table').waitFor({ timeout: 30_000 });
  await byTestId('channel-new').click();
  await input('channel-description').fill(channel.description);
  await byTestId('channel-partner').locator('button').first().click();
  await page.getByRole('option').filter({ hasText: 'WhatsApp Cloud API (Meta)' }).first().click();
  await input('channel-user').fill(channel.phoneId);
  await input('channel-key').fill(channel.account);
  await input('channel-token').fill(channel.token);
  await input('channel-password').fill(channel.appSecret);
  await input('channel-extra').fill('{"pacing": {"min_interval_s": 0, "max_interval_s": 0}}');
  await byTestId('channel-submit').click();
  await expect
    .poll(() => page.getByTestId('notifications').textContent())
    .toContain('Cadastrado com sucesso');
  const row = byTestId('channels-table').locator('tbody tr').filter({ hasText: channel.description }).first();
  await row.waitFor({ timeout: 30_000 });
  const id = Number((await row.locator('td').first().innerText()).trim());
  expect(id).toBeGreaterThan(0);
  return { row, id };
}
