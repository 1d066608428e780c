import { cpfFromBase } from '@freguesia/shared/domain/document';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot } from '../support/browser';
import { apiCall, apiLogin } from '../support/login';

/**
 * The public self-registration portal (/cadastro, spec part 1 §2, §4, §5, §8): a visitor
 * registers, is told when the CPF already exists, signs in (wrong password, no password),
 * updates the record — and the staff API sees the change.
 */

const DESKTOP = { width: 1366, height: 900 };
const MOBILE = { width: 390, height: 844 };
const PASSWORD = 'segredo123';

/** A valid CPF nobody else in this run uses. */
function newCpf(): string {
  const base = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  return cpfFromBase(base.startsWith('000') ? `1${base.slice(1)}` : base);
}
const masked = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

const BACKGROUND = `data:image/svg+xml,${encodeURIComponent(
  "<svg xmlns='http://www.w3.org/2000/svg' width='400' height='300'><defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'>" +
    "<stop offset='0' stop-color='#004d40'/><stop offset='1' stop-color='#80cbc4'/></linearGradient></defs>" +
    "<rect width='400' height='300' fill='url(#g)'/><circle cx='320' cy='60' r='90' fill='#ffffff' fill-opacity='0.12'/></svg>",
)}`;

const SETTINGS: Record<string, string> = {
  program_description:
    'Participe do Clube Freguesia e ganhe pontos a cada compra!\n\nCadastre-se e receba ofertas exclusivas e descontos no seu aniversário.',
  program_term:
    '<h1>Regulamento do Clube</h1><p>1. O programa é gratuito.</p><p>2. Os pontos valem por 12 meses.</p>',
  portal_background_image: BACKGROUND,
  portal_style_bg: 'cover',
  portal_primary_color: '#00796b',
  portal_secondary_color: '#263238',
  portal_fields_require: 'email',
  portal_tags: 'Vinhos,Queijos,Padaria',
};

let browser: Browser;
let adminToken: string;
/** The demo tenant's portal settings before this file changed them (the seeded programme texts). */
let original: Record<string, string | null> = {};

async function staffCustomer(cpf: string): Promise<Record<string, unknown> | undefined> {
  const exists = await apiCall<{ id: number }>(adminToken, 'GET', `/web/customer/exists/${cpf}`);
  if (!exists.body?.id) return undefined;
  const details = await apiCall<Record<string, unknown>>(
    adminToken,
    'GET',
    `/web/customer/${exists.body.id}`,
  );
  expect(details.status).toBe(200);
  return details.body;
}

async function openPortal(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(`${baseUrl()}/cadastro`);
  await page.getByRole('button', { name: 'Quero me cadastrar' }).waitFor();
  return { context, page };
}

const notices = (page: Page) => page.getByTestId('notifications');

/** Home → register → CPF → 'Verificar' → the full form. */
async function startRegistration(page: Page, cpf: string) {
  await page.getByRole('button', { name: 'Quero me cadastrar' }).click();
  await page.getByTestId('portal-document').pressSequentially(cpf);
  await page.getByRole('button', { name: 'Verificar' }).click();
}

beforeAll(async () => {
  adminToken = (await apiLogin()).token;
  const all = await apiCall<{ key: string; value: string | null }[]>(adminToken, 'GET', '/web/settings');
  expect(all.status).toBe(200);
  original = Object.fromEntries(all.body.map((s) => [s.key, s.value]));
  for (const [key, value] of Object.entries(SETTINGS)) {
    const saved = await apiCall(adminToken, 'PUT', '/web/settings', { key, value });
    expect(saved.status, `${key}: ${JSON.stringify(saved.body)}`).toBe(200);
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  // Other e2e files share this runtime (web-runtime checks the seeded programme texts): put the
  // demo tenant's portal back as it was.
  if (!adminToken) return;
  for (const key of Object.keys(SETTINGS)) {
    await apiCall(adminToken, 'PUT', '/web/settings', { key, value: original[key] ?? '' });
  }
});

describe('public customer portal (/cadastro)', () => {
  const cpf = newCpf();

  it('shows the programme on the home view, with the settings look', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const { context, page } = await openPortal(viewport);
      await page.getByText('Participe do Clube Freguesia e ganhe pontos a cada compra!').waitFor();
      await page.getByRole('button', { name: 'Já tenho cadastro ou me cadastrei no caixa' }).waitFor();
      const look = await page.getByTestId('portal-backdrop').evaluate((el) => {
        const style = getComputedStyle(el);
        const header = getComputedStyle(document.querySelector('.portal-header')!).backgroundColor;
        const primary = getComputedStyle(document.querySelector('.portal-button-primary')!).backgroundColor;
        return { image: style.backgroundImage, size: style.backgroundSize, primary, header };
      });
      expect(look.image).toContain('data:image/svg+xml');
      expect(look.size).toBe('cover');
      expect(look.primary).toBe('rgb(0, 121, 107)');
      expect(look.header).toBe('rgb(38, 50, 56)');
      await screenshot(page, `portal-home-${name}`);
      await context.close();
    }
  });

  it('registers a visitor and staff see the record', async () => {
    const { context, page } = await openPortal();
    await page.getByRole('button', { name: 'Quero me cadastrar' }).click();
    // An invalid CPF is refused before any call.
    await page.getByTestId('portal-document').pressSequentially('11111111111');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('CPF inválido. Verifique o número informado e tente novamente.').waitFor();
    await page.getByTestId('portal-document').fill('');
    await page.getByTestId('portal-document').pressSequentially(cpf);
    expect(await page.getByTestId('portal-document').inputValue()).toBe(masked(cpf));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByTestId('portal-form').waitFor();

    // The interests of portal_tags, all channels ticked, no 'Cadastrar' before the agreement.
    for (const tag of ['Vinhos', 'Queijos', 'Padaria']) await page.getByText(tag, { exact: true }).waitFor();
    for (const channel of ['allow_sms', 'allow_whatsapp', 'allow_email', 'allow_app']) {
      expect(await page.getByTestId(`portal-${channel}`).isChecked()).toBe(true);
    }
    expect(await page.getByRole('button', { name: 'Cadastrar' }).count()).toBe(0);

    // The address by hand (the postal-code lookup has its own test below).
    await page.getByLabel('Cidade').locator('option', { hasText: 'CAMPINAS' }).waitFor({ state: 'attached' });
    await page.getByLabel('Cidade').selectOption({ label: 'CAMPINAS' });
    await page.getByLabel('Bairro').fill('Cambuí');
    await page.getByLabel('Endereço', { exact: true }).fill('Rua Coronel Quirino');
    await page.getByLabel('Número').fill('1000');

    // Passwords that differ: the spec's message, both fields cleared.
    await page.getByLabel('Nome completo').fill('Ana Visitante');
    await page.getByTestId('portal-email').fill('ana.visitante@example.com');
    await page.getByTestId('portal-password').fill(PASSWORD);
    await page.getByLabel('Confirme a senha').fill('outra-senha');
    await page.getByTestId('portal-agreement').check();
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await notices(page).getByText('As senhas não conferem, verifique e tente novamente !').waitFor();
    expect(await page.getByTestId('portal-password').inputValue()).toBe('');
    expect(await page.getByLabel('Confirme a senha').inputValue()).toBe('');

    await page.getByLabel('Sexo').selectOption('F');
    await page.getByLabel('Data de nascimento').pressSequentially('24121985');
    await page.getByTestId('portal-cellphone').pressSequentially('11987654321');
    expect(await page.getByTestId('portal-cellphone').inputValue()).toBe('(11) 9.8765-4321');
    await page.getByText('Vinhos', { exact: true }).click();
    await page.getByTestId('portal-allow_sms').uncheck();
    await page.getByTestId('portal-password').fill(PASSWORD);
    await page.getByLabel('Confirme a senha').fill(PASSWORD);
    await screenshot(page, 'portal-register-form-desktop');
    await page.getByRole('button', { name: 'Cadastrar' }).click();

    await notices(page).getByText('Seu cadastro foi realizado com sucesso !').waitFor();
    await page.getByTestId('portal-home').waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('portal_document'))).toBeNull();

    const record = await staffCustomer(cpf);
    expect(record).toMatchObject({
      fullname: 'ANA VISITANTE',
      document: cpf,
      channel: 'Landing Page',
      email: 'ana.visitante@example.com',
      cellphone: '11987654321',
      date_birth: '1985-12-24',
      city: 'CAMPINAS',
      id_city: '3509502',
      state: 'SP',
      neighborhood: 'Cambuí',
      address: 'Rua Coronel Quirino',
      number: '1000',
      gdpr_agreement: 'Y',
      cellphone_optout: 'Y',
      whatsapp_optout: 'N',
      tags: ['Vinhos'],
    });
    await context.close();
  });

  it('looks the address up by postal code and focuses the number', async () => {
    const { context, page } = await openPortal(MOBILE);
    await startRegistration(page, newCpf());
    await page.getByTestId('portal-form').waitFor();
    // Fewer than 8 digits: not looked up.
    await page.getByLabel('CEP').pressSequentially('0131');
    expect(await page.getByLabel('CEP').inputValue()).toBe('0131');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await notices(page).getByText('Endereço não encontrado!').waitFor();
    // The 8th digit triggers the lookup: address filled, the number field focused.
    await page.getByLabel('CEP').fill('');
    await page.getByLabel('CEP').pressSequentially('01310100');
    expect(await page.getByLabel('CEP').inputValue()).toBe('01310-100');
    await expect
      .poll(() => page.getByLabel('Endereço', { exact: true }).inputValue())
      .toBe('Avenida Paulista');
    expect(await page.getByLabel('Bairro').inputValue()).toBe('Bela Vista');
    expect(await page.getByLabel('Estado').inputValue()).toBe('SP');
    expect(await page.getByLabel('Cidade').inputValue()).toBe('3550308');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('portal-number');
    // Another state's CEP with 'Buscar': state and city follow.
    await page.getByLabel('CEP').fill('');
    await page.getByLabel('CEP').pressSequentially('2004002');
    await page.getByLabel('CEP').pressSequentially('0');
    await expect.poll(() => page.getByLabel('Estado').inputValue()).toBe('RJ');
    await expect.poll(() => page.getByLabel('Cidade').inputValue()).toBe('3304557');
    expect(await page.getByLabel('Endereço', { exact: true }).inputValue()).toBe('Rua da Assembleia');
    await screenshot(page, 'portal-cep-lookup-mobile');
    await context.close();
  });

  it('asks to sign in when the CPF is already registered, carrying the CPF over', async () => {
    const { context, page } = await openPortal();
    await startRegistration(page, cpf);
    const question = page.getByTestId('portal-question');
    await question.getByText('Realizar Acesso?').waitFor();
    await question
      .getByText('Encontrei um cadastro para o CPF informado. Deseja realizar o acesso?')
      .waitFor();
    await screenshot(page, 'portal-question-access-desktop');
    await page.getByTestId('portal-question-confirm').click();
    await page.getByTestId('portal-login').waitFor();
    expect(await page.getByTestId('portal-document').inputValue()).toBe(masked(cpf));
    await page.getByRole('button', { name: 'Acessar' }).waitFor();
    await context.close();
  });

  it('refuses a missing or wrong password, without touching a staff session', async () => {
    const { context, page } = await openPortal();
    // A staff user signed in on the same browser: a portal 401 must not end that session.
    await page.evaluate(() =>
      localStorage.setItem(
        'user',
        JSON.stringify({ token: 'staff-token', ability: [], shortname: 'x', fullname: 'x' }),
      ),
    );
    await page.getByRole('button', { name: 'Já tenho cadastro ou me cadastrei no caixa' }).click();
    await page.getByTestId('portal-document').pressSequentially(cpf);
    await page.getByRole('button', { name: 'Acessar' }).click();
    await notices(page).getByText('Informe sua senha para realizar o acesso.').waitFor();
    await notices(page).getByText('Credenciais incorretas').first().waitFor();

    await page.getByTestId('portal-login-password').fill('senha-errada');
    await page.getByRole('button', { name: 'Acessar' }).click();
    await notices(page).getByText('Senha incorreta. Verifique e tente novamente.').waitFor();
    expect(await page.getByTestId('portal-login-password').inputValue()).toBe('');
    await screenshot(page, 'portal-wrong-password-desktop');
    expect(new URL(page.url()).pathname).toBe('/cadastro');
    expect(await notices(page).getByText('Seu token foi expirado').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toContain('staff-token');
    await context.close();
  });

  it('offers to register an unknown CPF at sign-in', async () => {
    const unknown = newCpf();
    const { context, page } = await openPortal();
    await page.getByRole('button', { name: 'Já tenho cadastro ou me cadastrei no caixa' }).click();
    await page.getByTestId('portal-document').pressSequentially(unknown);
    await page.getByTestId('portal-login-password').fill('qualquer1');
    await page.getByRole('button', { name: 'Acessar' }).click();
    const question = page.getByTestId('portal-question');
    await question.getByText('Realizar Cadastro?').waitFor();
    await question.getByText('Não encontrei esse CPF em nossa base. Deseja realizar seu cadastro?').waitFor();
    await question.getByRole('button', { name: 'Sim, vamos lá!' }).click();
    await page.getByTestId('portal-register').waitFor();
    await page.getByTestId('portal-form').waitFor();
    expect(await page.getByTestId('portal-document').inputValue()).toBe(masked(unknown));
    // The back arrow returns home and forgets the CPF.
    await page.getByTestId('portal-back').click();
    await page.getByTestId('portal-home').waitFor();
    await page.getByRole('button', { name: 'Quero me cadastrar' }).click();
    expect(await page.getByTestId('portal-document').inputValue()).toBe('');
    await context.close();
  });

  it('signs in, updates the record on a phone, and staff see the change', async () => {
    const { context, page } = await openPortal(MOBILE);
    await page.getByRole('button', { name: 'Já tenho cadastro ou me cadastrei no caixa' }).click();
    await page.getByTestId('portal-document').pressSequentially(cpf);
    await page.getByTestId('portal-login-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Acessar' }).click();
    await page.getByTestId('portal-form').waitFor();

    // The record as loaded: upper-case name, DD/MM/YYYY, masks, ticked interests and channels.
    expect(await page.getByLabel('Nome completo').inputValue()).toBe('ANA VISITANTE');
    expect(await page.getByLabel('Data de nascimento').inputValue()).toBe('24/12/1985');
    expect(await page.getByTestId('portal-cellphone').inputValue()).toBe('(11) 9.8765-4321');
    expect(await page.getByLabel('Cidade').inputValue()).toBe('3509502');
    expect(await page.getByLabel('Bairro').inputValue()).toBe('Cambuí');
    expect(await page.getByTestId('portal-allow_sms').isChecked()).toBe(false);
    expect(await page.getByTestId('portal-allow_email').isChecked()).toBe(true);
    expect(await page.getByTestId('portal-document').isEditable()).toBe(false);
    await page.locator('.portal-chip-on', { hasText: 'Vinhos' }).waitFor();
    await screenshot(page, 'portal-update-form-mobile');

    // Moves to Rio: state, then the city of that state; new name; password kept (left empty).
    await page.getByLabel('Nome completo').fill('Ana Maria Visitante');
    await page.getByLabel('Estado').selectOption('RJ');
    await page.getByLabel('Cidade').locator('option', { hasText: 'NITERÓI' }).waitFor({ state: 'attached' });
    await page.getByLabel('Cidade').selectOption({ label: 'NITERÓI' });
    await page.getByText('Queijos', { exact: true }).click();
    await page.getByRole('button', { name: 'Atualizar' }).click();

    await notices(page).getByText('Seu cadastro foi atualizado com sucesso !').waitFor();
    await page.getByTestId('portal-home').waitFor();
    await screenshot(page, 'portal-updated-home-mobile');

    const record = await staffCustomer(cpf);
    expect(record).toMatchObject({ fullname: 'ANA MARIA VISITANTE', state: 'RJ', city: 'NITERÓI' });
    expect(record?.tags).toEqual(expect.arrayContaining(['Vinhos', 'Queijos']));

    // The password did not change: signing in again still works.
    await page.getByRole('button', { name: 'Já tenho cadastro ou me cadastrei no caixa' }).click();
    await page.getByTestId('portal-document').pressSequentially(cpf);
    await page.getByTestId('portal-login-password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Acessar' }).click();
    await page.getByTestId('portal-form').waitFor();
    expect(await page.getByLabel('Nome completo').inputValue()).toBe('ANA MARIA VISITANTE');
    await context.close();
  });

  it('shows the terms in a 1000 px modal and at /cadastro/termos', async () => {
    const { context, page } = await openPortal();
    await page.getByTestId('portal-home-terms').click();
    const dialog = page.getByTestId('portal-terms');
    await dialog.getByText('Regulamento do Clube').waitFor();
    expect((await dialog.boundingBox())?.width).toBe(1000);
    await screenshot(page, 'portal-terms-modal-desktop');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl()}/cadastro/termos`);
    await page.getByTestId('portal-terms-page').getByText('Os pontos valem por 12 meses.').waitFor();
    await screenshot(page, 'portal-terms-page-desktop');
    await context.close();

    const phone = await browser.newContext({ viewport: MOBILE });
    const mobile = await phone.newPage();
    await mobile.goto(`${baseUrl()}/cadastro/termos`);
    await mobile.getByText('Os pontos valem por 12 meses.').waitFor();
    await screenshot(mobile, 'portal-terms-page-mobile');
    await phone.close();
  });
});
