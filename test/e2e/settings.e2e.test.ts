/// <reference lib="dom" />
// (page.evaluate callbacks run in the browser: localStorage, getComputedStyle, HTMLInputElement.)
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { adminCredentials, apiCall, apiLogin, loginAs } from '../support/login';

/**
 * Ajustes (spec part 3 §2, §5, §8): roles ('Permissões'), users ('Usuários') and the
 * platform settings, driven as the administrator in headless Chromium against the real
 * runtime. The tests of this file build on each other (role → user → login → edit → delete).
 */

const ROLE = 'Atendimento E2E';
/** The start of the rotation warning (web/src/pages/settings/platform/integration-tab.tsx). */
const ROTATE_WARNING_START = 'O token atual deixa de funcionar imediatamente';
const USER = {
  email: 'ana.atendimento.e2e@freguesia.dev',
  fullname: 'Ana Atendimento',
  shortname: 'Ana',
  document: '390.533.447-05',
  password: 'atende-1234',
};

let browser: Browser;
let adminContext: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  adminContext = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'pt-BR' });
  page = await adminContext.newPage();
  await loginAs(page, adminCredentials);
});

afterAll(async () => {
  await browser?.close();
});

const notices = (p: Page = page) => p.getByTestId('notifications');
const dialog = (p: Page = page) => p.getByRole('dialog');
const input = (testid: string, p: Page = page) => p.getByTestId(testid).locator('input, textarea').first();

async function waitNotice(...texts: string[]): Promise<void> {
  for (const text of texts)
    await expect.poll(() => notices().textContent(), { timeout: 15_000 }).toContain(text);
}

async function dismissNotices(): Promise<void> {
  const close = notices().getByRole('button', { name: 'Fechar' });
  for (let i = 0; i < 10 && (await close.count()) > 0; i++)
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
}

/** Waits for a notice with these texts, then closes every notice (so the next check is fresh). */
async function expectNotice(...texts: string[]): Promise<void> {
  await waitNotice(...texts);
  await dismissNotices();
}

/**
 * Leaves exactly the options whose values are `wanted` selected in a Cloudscape Multiselect, then
 * closes it. Each option is clicked only when its state differs and read again afterwards: the
 * dropdown opens above the field near the page's end, and on a loaded host it can still move
 * while Playwright clicks, so a click may land on a neighbour; the end state is what matters.
 */
async function pickExactly(multiselect: Locator, wanted: string[]): Promise<void> {
  await multiselect.locator('button').first().click();
  const options = page.getByRole('option');
  await options.first().waitFor();
  const state = async () =>
    Promise.all(
      (await options.all()).map(async (option) => ({
        option,
        value: await option.locator('[data-value]').first().getAttribute('data-value'),
        selected: (await option.getAttribute('aria-selected')) === 'true',
      })),
    );
  for (let attempt = 0; attempt < 5; attempt++) {
    const wrong = (await state()).filter((o) => o.selected !== wanted.includes(o.value ?? ''));
    if (wrong.length === 0) break;
    await wrong[0]!.option.click();
  }
  const selected = (await state()).filter((o) => o.selected).map((o) => o.value);
  expect(selected.sort()).toEqual([...wanted].sort());
  await page.keyboard.press('Escape');
}

/** Opens a Cloudscape Select and picks the option whose text matches. */
async function choose(select: Locator, option: RegExp): Promise<void> {
  await select.locator('button').first().click();
  await page.getByRole('option', { name: option }).first().click();
}

async function gotoList(path: string, rowHeader: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`);
  await page.getByRole('rowheader', { name: rowHeader, exact: true }).waitFor();
}

const row = (name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });

/** The row actions are a menu ('Opções de usuário Maria'): the actions it offers. */
async function rowActions(label: string): Promise<string[]> {
  await page.getByRole('button', { name: `Opções de ${label}`, exact: true }).click();
  await page.getByRole('menuitem').first().waitFor();
  const items = (await page.getByRole('menuitem').allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return items;
}

/** Picks an action ('Alterar', 'Remover') in a row's options menu. */
async function rowAction(label: string, action: 'Alterar' | 'Remover'): Promise<void> {
  await page.getByRole('button', { name: `Opções de ${label}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

describe('Permissões (/settings/roles)', () => {
  it('lists the roles, without a delete action on Administrador', async () => {
    await gotoList('/settings/roles', 'Administrador');
    await page
      .getByRole('heading', { name: /Permissões/ })
      .first()
      .waitFor();
    expect(await rowActions('permissão Administrador')).toEqual(['Alterar']);
    expect(await rowActions('permissão Marketing')).toEqual(['Alterar', 'Remover']);
    await screenshot(page, 'settings-roles');
  });

  it('validates and creates a role from the permission tree', async () => {
    await page.getByRole('button', { name: 'Nova permissão' }).click();
    await dialog().waitFor();
    await page.getByTestId('role-submit').click();
    await dialog().getByText('Digite o nome da permissão').waitFor();
    await dialog().getByText('Digite a descrição').waitFor();

    await input('role-name').fill(ROLE);
    await input('role-description').fill('Equipe de atendimento ao cliente');
    // Group checkboxes tick all their actions; a single action leaves the group indeterminate.
    await page.getByTestId('permission-group-Auth').getByText('Autenticação').click();
    await page.getByTestId('permission-group-Customers').getByText('Clientes', { exact: true }).click();
    await page.getByTestId('permission-group-Settings').getByRole('checkbox', { name: 'Visualizar' }).check();
    const settingsGroup = page
      .getByTestId('permission-group-Settings')
      .locator('input[type=checkbox]')
      .first();
    expect(await settingsGroup.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    expect(
      await page
        .getByTestId('permission-group-Customers')
        .getByRole('checkbox', { name: 'Alterar' })
        .isChecked(),
    ).toBe(true);
    await dialog().getByText('4 de 36 permissões marcadas').waitFor();
    await screenshot(page, 'settings-role-form');

    await page.getByTestId('role-submit').click();
    await expectNotice('Permissão incluída com sucesso');
    await row(ROLE).waitFor();
    expect(await row(ROLE).textContent()).toContain('4 de 36');
  });

  it('finds roles with the search box', async () => {
    await page.getByPlaceholder('Buscar por nome ou descrição').fill('atendimento e2e');
    await expect.poll(() => page.getByRole('rowheader').allTextContents()).toEqual([ROLE]);
    await page.getByPlaceholder('Buscar por nome ou descrição').fill('');
    await page.getByRole('rowheader', { name: 'Administrador', exact: true }).waitFor();
  });
});

describe('Usuários (/settings/users)', () => {
  it('shows every validation message of the user drawer', async () => {
    await gotoList('/settings/users', 'Administrador Freguesia');
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    await dialog().waitFor();
    // Not all stores: the work store becomes required.
    await page.getByTestId('user-all-stores').locator('input').click();
    await page.getByTestId('user-submit').click();
    for (const message of [
      'Digite o email',
      'Digite o nome',
      'Digite o nome reduzido',
      'Digite um documento único',
      'Selecione a permissão',
      'Selecione a loja de trabalho',
      'Informe a senha!',
      'Confirme a senha',
    ]) {
      await dialog().getByText(message, { exact: true }).waitFor();
    }
    await screenshot(page, 'settings-user-form-errors');

    await input('user-password').fill(USER.password);
    await input('user-password-confirmation').fill('outra-senha-1');
    await page.getByTestId('user-submit').click();
    await dialog().getByText('As duas senhas que você digitou não coincidem!').waitFor();
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'detached' });
  });

  it('creates a user with the new role, working in all stores', async () => {
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    await dialog().waitFor();
    await input('user-email').fill(USER.email);
    await input('user-document').fill(USER.document);
    await input('user-fullname').fill(USER.fullname);
    await input('user-shortname').fill(USER.shortname);
    await choose(page.getByTestId('user-role'), new RegExp(ROLE));
    expect(await page.getByTestId('user-all-stores').locator('input').isChecked()).toBe(true);
    await input('user-password').fill(USER.password);
    await input('user-password-confirmation').fill(USER.password);
    await screenshot(page, 'settings-user-form');
    await page.getByTestId('user-submit').click();

    await expectNotice('Usuário foi incluído com sucesso');
    await row(USER.fullname).waitFor();
    const text = await row(USER.fullname).textContent();
    expect(text).toContain(USER.email);
    expect(text).toContain(ROLE);
    expect(text).toContain('Todas as lojas');
    expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    await screenshot(page, 'settings-users');
  });

  it('searches users by name, e-mail and document', async () => {
    const search = page.getByPlaceholder('Buscar por nome, nome reduzido, e-mail ou documento');
    for (const term of ['ana atend', 'ana.atendimento', '39053344705']) {
      await search.fill(term);
      await expect.poll(() => page.getByRole('rowheader').allTextContents()).toEqual([USER.fullname]);
    }
    await search.fill('ninguém-com-este-nome');
    await page.getByText('Nenhum usuário encontrado').waitFor();
    await page.getByRole('button', { name: 'Limpar filtro' }).first().click();
    await page.getByRole('rowheader', { name: 'Administrador Freguesia', exact: true }).waitFor();
  });

  it('reports a duplicate e-mail with the server message', async () => {
    await page.getByRole('button', { name: 'Novo usuário' }).click();
    await dialog().waitFor();
    await input('user-email').fill(adminCredentials.email);
    await input('user-document').fill('11144477735');
    await input('user-fullname').fill('Cópia do Admin');
    await input('user-shortname').fill('Cópia');
    await choose(page.getByTestId('user-role'), new RegExp(ROLE));
    await input('user-password').fill('copia-12345');
    await input('user-password-confirmation').fill('copia-12345');
    await page.getByTestId('user-submit').click();
    await expectNotice('Erro ao cadastrar usuário', 'Já existe um usuário com este e-mail.');
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'detached' });
  });
});

describe('the new user', () => {
  it('signs in and sees only what the role allows', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'pt-BR' });
    const own = await context.newPage();
    try {
      await loginAs(own, { email: USER.email, password: USER.password });
      await own.getByRole('button', { name: /Perfil de Ana/ }).waitFor();
      const nav = own.getByTestId('side-navigation');
      await nav.getByText('Ajustes', { exact: true }).click();
      await nav.getByRole('link', { name: 'Usuários', exact: true }).waitFor();
      await nav.getByRole('link', { name: 'Permissões', exact: true }).waitFor();
      // Plataforma needs write Settings; the other areas need permissions the role lacks.
      expect(await nav.getByRole('link', { name: 'Plataforma' }).count()).toBe(0);
      for (const area of ['Mercadorias', 'Campanhas', 'Relatórios']) {
        expect(await nav.getByText(area, { exact: true }).count()).toBe(0);
      }
      // 'Vendas' only as Ajustes › Vendas (read Settings), not the sales screen (read Sell).
      const vendas = nav.getByRole('link', { name: 'Vendas', exact: true });
      expect(await vendas.count()).toBe(1);
      expect(await vendas.getAttribute('href')).toBe('/settings/sell');

      // Read without write: the list shows '-' in the options column and no create button.
      await nav.getByRole('link', { name: 'Usuários', exact: true }).click();
      await own.getByRole('rowheader', { name: USER.fullname, exact: true }).waitFor();
      expect(await own.getByRole('button', { name: 'Novo usuário' }).count()).toBe(0);
      expect(await own.getByRole('button', { name: /^Opções de usuário/ }).count()).toBe(0);
      const cells = await own
        .getByRole('row')
        .filter({ has: own.getByRole('rowheader', { name: USER.fullname, exact: true }) })
        .getByRole('cell')
        .allTextContents();
      expect(cells.at(-1)).toBe('-');
      await screenshot(own, 'settings-users-read-only');

      await own.goto(`${baseUrl()}/settings/platform`);
      await own.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(() => own.getByTestId('notifications').textContent())
        .toContain('Você não tem permissão para acessar esta página');
    } finally {
      await context.close();
    }
  });
});

describe('editing and removing', () => {
  it('edits a user without touching the password', async () => {
    await gotoList('/settings/users', USER.fullname);
    await rowAction(`usuário ${USER.fullname}`, 'Alterar');
    await dialog().waitFor();
    expect(await input('user-email').inputValue()).toBe(USER.email);
    await input('user-shortname').fill('Aninha');
    await page.getByTestId('user-submit').click();
    await expectNotice('Usuário foi alterado com sucesso');
    await expect.poll(() => row(USER.fullname).textContent()).toContain('Aninha');
    // The password was not sent: the old one still works.
    expect((await apiLogin({ email: USER.email, password: USER.password })).shortname).toBe('Aninha');
  });

  it('edits a role', async () => {
    await gotoList('/settings/roles', ROLE);
    await rowAction(`permissão ${ROLE}`, 'Alterar');
    await dialog().waitFor();
    await input('role-description').fill('Atendimento e consulta de clientes');
    await page.getByTestId('role-submit').click();
    await expectNotice('Permissão alterada com sucesso');
    await expect.poll(() => row(ROLE).textContent()).toContain('Atendimento e consulta de clientes');
  });

  it('protects the administrator', async () => {
    // Administrador must keep Ajustes.
    await rowAction('permissão Administrador', 'Alterar');
    await dialog().waitFor();
    await page.getByTestId('permission-group-Settings').getByText('Ajustes', { exact: true }).click();
    await page.getByTestId('role-submit').click();
    await expectNotice('Erro ao alterar permissão', 'A permissão Administrador deve manter Ajustes');
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'detached' });

    await gotoList('/settings/users', 'Administrador Freguesia');
    // Nobody removes their own user…
    await rowAction('usuário Administrador Freguesia', 'Remover');
    await dialog().getByText('Tem certeza que deseja excluir o usuário').waitFor();
    await page.getByTestId('confirm-delete').click();
    await expectNotice('Erro ao alterar usuário', 'Você não pode remover o seu próprio usuário.');
    await dialog().waitFor({ state: 'detached' });

    // …and the last administrator keeps the Administrador role.
    await rowAction('usuário Administrador Freguesia', 'Alterar');
    await dialog().waitFor();
    await choose(page.getByTestId('user-role'), new RegExp(ROLE));
    await page.getByTestId('user-submit').click();
    await waitNotice(
      'Erro ao alterar usuário',
      'Não é possível alterar a permissão do último administrador.',
    );
    await screenshot(page, 'settings-last-admin');
    await dismissNotices();
    await dialog().getByRole('button', { name: 'Cancelar' }).click();
    await dialog().waitFor({ state: 'detached' });
    expect(await row('Administrador Freguesia').textContent()).toContain('Administrador');
  });

  it('refuses to remove a role in use, then removes the user and the role', async () => {
    await gotoList('/settings/roles', ROLE);
    await rowAction(`permissão ${ROLE}`, 'Remover');
    await page.getByTestId('confirm-delete').click();
    await expectNotice(
      'Erro ao remover regra',
      'Esta permissão está em uso por usuários e não pode ser removida.',
    );

    await gotoList('/settings/users', USER.fullname);
    await rowAction(`usuário ${USER.fullname}`, 'Remover');
    await page.getByTestId('confirm-delete').click();
    await expectNotice('Usuário removido');
    await expect.poll(() => page.getByRole('rowheader', { name: USER.fullname }).count()).toBe(0);

    await gotoList('/settings/roles', ROLE);
    await rowAction(`permissão ${ROLE}`, 'Remover');
    await page.getByTestId('confirm-delete').click();
    await expectNotice('Regra removida');
    await expect.poll(() => page.getByRole('rowheader', { name: ROLE }).count()).toBe(0);
  });
});

describe('Plataforma (/settings/platform)', () => {
  const PORTAL_KEYS = ['program_description', 'portal_style_bg', 'portal_fields_require', 'portal_tags'];
  let original: Record<string, string | null> = {};
  let adminToken = '';

  beforeAll(async () => {
    adminToken = (await apiLogin(adminCredentials)).token;
    const all = await apiCall<{ key: string; value: string | null }[]>(adminToken, 'GET', '/web/settings');
    original = Object.fromEntries(all.body.map((s) => [s.key, s.value]));
  });

  afterAll(async () => {
    // Other e2e files share this runtime: put the demo tenant back as it was.
    for (const key of ['primary_color', 'average_baskets_days', ...PORTAL_KEYS]) {
      await apiCall(adminToken, 'PUT', '/web/settings', { key, value: original[key] ?? '' });
    }
  });

  const stored = async (key: string) =>
    (await apiCall<{ value: string | null }>(adminToken, 'GET', `/web/settings/${key}`)).body.value;

  it("saves the 'Painel de controle' keys and re-applies the theme", async () => {
    await page.goto(`${baseUrl()}/settings/platform`);
    await page.getByTestId('setting-primary-color').waitFor();
    // 'Etiquetas de Descontos' is there (test/e2e/labels.e2e.test.ts), 'NPS' (test/e2e/nps.e2e.test.ts),
    // 'Central de Atendimentos' (test/e2e/whatsapp.e2e.test.ts, customer-service.e2e.test.ts) and 'Comunicação'.
    for (const tab of ['Comunicação', 'Central de Atendimentos'])
      expect(await page.getByTestId('platform-tabs').getByText(tab).count()).toBe(1);

    await input('setting-average-baskets-days').fill('0');
    await page.getByTestId('settings-dashboard-save').click();
    await page.getByText('Informe um número inteiro de dias, no mínimo 1.').waitFor();

    await input('setting-average-baskets-days').fill('45');
    await input('setting-primary-color').fill('#1565c0');
    await page.getByTestId('settings-dashboard-save').click();
    await expectNotice('Alterado com sucesso');
    expect(await stored('average_baskets_days')).toBe('45');
    expect(await stored('primary_color')).toBe('#1565c0');
    const save = page.getByTestId('settings-dashboard-save');
    await page.mouse.move(0, 0); // not hovered: the default (not the hover) background
    await expect
      .poll(() => save.evaluate((el) => getComputedStyle(el).backgroundColor))
      .toBe('rgb(21, 101, 192)');
    await screenshot(page, 'settings-platform-dashboard');
  });

  it("saves the 'Portal de cadastro' keys", async () => {
    await page.getByTestId('platform-tabs').getByRole('link', { name: 'Portal de cadastro' }).click();
    await page.getByTestId('setting-program-term').waitFor();
    await input('setting-program-description').fill('Clube de vantagens da loja');
    await page.getByText('Repetir', { exact: true }).click();
    await input('setting-portal-tag-new').fill('Vinhos');
    await input('setting-portal-tag-new').press('Enter');
    await input('setting-portal-tag-new').fill('Queijos');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await page.getByTestId('setting-portal-tags').getByText('Queijos').waitFor();
    await pickExactly(page.getByTestId('setting-portal-fields-require'), ['cellphone', 'email']);
    await screenshot(page, 'settings-platform-portal');
    await page.getByTestId('settings-portal-save').click();
    await expectNotice('Alterado com sucesso');

    const portal = await apiCall<{ key: string; value: string | null }[]>(
      undefined,
      'GET',
      '/customer/settings',
    );
    const values = Object.fromEntries(portal.body.map((s) => [s.key, s.value]));
    expect(values).toMatchObject({
      program_description: 'Clube de vantagens da loja',
      portal_style_bg: 'repeat',
      portal_fields_require: 'cellphone,email',
    });
    expect(values.portal_tags?.split(',')).toEqual(expect.arrayContaining(['Vinhos', 'Queijos']));
  });

  it("shows the integration token on 'Integração' and rotates it only after confirmation (tenant verde)", async () => {
    // Rotating revokes the old token: done on verde so demo's local POS token keeps working.
    const seeded = 'frg_local_verde_integration'; // infra/local/seed/identity.ts
    /** Whether a point of sale gets in with `token` (an empty batch: refused as invalid, nothing stored). */
    const posAccepts = async (token: string) => {
      const { status } = await apiCall(token, 'POST', '/integration/baskets', [], 'verde');
      expect(status).toBeLessThan(500);
      return status !== 401;
    };
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, locale: 'pt-BR' });
    const verde = await context.newPage();
    const tokenText = async () => ((await verde.getByTestId('token-value').textContent()) ?? '').trim();
    try {
      await loginAs(verde, { ...adminCredentials, tenant: 'verde' });
      await verde.goto(`${baseUrl('verde')}/settings/platform?tab=integracao`);
      // Shown hidden behind its last characters, in full on request.
      await expect.poll(tokenText).toBe(`${'•'.repeat(12)}${seeded.slice(-4)}`);
      await verde.getByTestId('token-reveal').click();
      await expect.poll(tokenText).toBe(seeded);
      await verde.getByRole('button', { name: 'Copiar token' }).waitFor();

      // Looking again (a reload) shows the same token and the points of sale keep working.
      await verde.reload();
      await verde.getByTestId('token-reveal').click();
      await expect.poll(tokenText).toBe(seeded);
      expect(await posAccepts(seeded)).toBe(true);

      // 'Cancelar' in the confirmation changes nothing.
      await verde.getByTestId('token-rotate').click();
      await verde.getByRole('dialog').getByText(ROTATE_WARNING_START).waitFor();
      await screenshot(verde, 'settings-platform-integration-confirm');
      await verde.getByRole('dialog').getByRole('button', { name: 'Cancelar' }).click();
      await verde.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await posAccepts(seeded)).toBe(true);

      await verde.getByTestId('token-rotate').click();
      await verde.getByRole('dialog').getByText(ROTATE_WARNING_START).waitFor();
      await verde.getByTestId('token-rotate-confirm').click();
      await verde.getByTestId('token-issued').getByText('Novo token gerado').waitFor();
      await expect.poll(tokenText).not.toBe(seeded);
      const token = await tokenText();
      expect(token).toMatch(/^frg_[\w-]{20,}$/);
      expect(await verde.getByTestId('token-hint').textContent()).toBe(`Termina em ${token.slice(-4)}`);
      await verde.getByRole('button', { name: 'Copiar token' }).waitFor();
      await screenshot(verde, 'settings-platform-integration');
      expect(await posAccepts(seeded)).toBe(false);
      expect(await posAccepts(token)).toBe(true);

      // The new token is what the tab shows from now on.
      await verde.reload();
      await verde.getByTestId('token-reveal').click();
      await expect.poll(tokenText).toBe(token);
    } finally {
      await context.close();
    }
  });
});
