/**
 * /cadastro before React: the page's first moments are run by its tiny entry (public/cadastro-entry.ts)
 * and this module, with no React, no query library and no schema.
 *
 * - The tenant's settings and name are read at once, from the requests cadastro.html preloads
 *   (plain `fetch` of the same URLs, so the preloaded answers are the ones used), and the
 *   prerendered welcome view is filled in with them: the programme text, the two buttons, the
 *   regulation link, the colours, the background and the tenant's name. That text is the page's
 *   largest paint, so it no longer waits for React, the page's code and its hydration.
 * - The answers are kept for React (cadastro-start.tsx seeds its query cache with them: no
 *   second request) and a click on a button before React has taken over is remembered and
 *   replayed by the page (register-page.tsx), so nothing the visitor does is lost.
 *
 * The markup written here is the one RegisterPage draws for the same data (the shared
 * rich-text tree, the ActionButton classes); React then renders the page afresh over it.
 * Nothing here runs at import: the build's prerender imports this module in Node.
 */
import type { TenantAnswer } from '../../api/auth';
import type { PortalSettingEntry } from '../../api/portal';
import { browserStorage } from '../../app/storage';
import { CACHED_COLOUR_KEY, FALLBACK_PRIMARY, normalizeHex } from '../../app/theme-tokens';
import { cssUrl, HOME_TEXT, lookFromSettings, portalColors } from './portal-look';
import { richTextNodes, richTextTree } from './rich-text-tree';

/** The welcome text shown when the tenant wrote none (spec §2). */
export const DEFAULT_WELCOME =
  'Bem-vindo(a) ao nosso programa de fidelidade! Cadastre-se para receber ofertas, novidades e benefícios exclusivos.';

/** The controls of the welcome view whose click is replayed once the page's code has loaded. */
export type EarlyAction = 'portal-go-register' | 'portal-go-login' | 'portal-home-terms';
const ACTIONS: readonly string[] = ['portal-go-register', 'portal-go-login', 'portal-home-terms'];

/** What the portal answered (undefined: no answer, or a failed one). */
interface EarlyAnswers {
  settings: PortalSettingEntry[];
  tenant: TenantAnswer;
}

const state: {
  answers: Promise<EarlyAnswers | undefined> | undefined;
  resolved: EarlyAnswers | undefined;
  painted: boolean;
  reactStarted: boolean;
  action: EarlyAction | undefined;
} = { answers: undefined, resolved: undefined, painted: false, reactStarted: false, action: undefined };

/** Lists that may come bare or as `{data: [...]}` (as the portal's API client reads them). */
function listOf<T>(body: unknown): T[] {
  let value: unknown = body;
  for (let depth = 0; depth < 3 && value && !Array.isArray(value) && typeof value === 'object'; depth++) {
    value = (value as { data?: unknown }).data;
  }
  return Array.isArray(value) ? (value as T[]) : [];
}

async function readJson(url: string): Promise<unknown> {
  // No custom header: the request must equal cadastro.html's preload to be answered by it.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

/**
 * Reads the settings and the tenant (the preloaded requests). Resolves undefined when either
 * fails (unknown tenant, network): React then starts at once and shows what it shows today.
 */
export function readEarlyAnswers(): Promise<EarlyAnswers | undefined> {
  state.answers ??= Promise.all([readJson('/api/customer/settings'), readJson('/api/web/tenant')]).then(
    ([settings, tenant]) => {
      const answers = { settings: listOf<PortalSettingEntry>(settings), tenant: tenant as TenantAnswer };
      state.resolved = answers;
      return answers;
    },
    () => undefined,
  );
  return state.answers;
}

/** The answers if they have arrived, the pending read otherwise (undefined: never started). */
export function earlyAnswers(): { ready?: EarlyAnswers; pending?: Promise<EarlyAnswers | undefined> } {
  return state.resolved ? { ready: state.resolved } : { pending: state.answers };
}

/** Whether the welcome view shows the tenant's content painted here (React then renders afresh). */
export function earlyPainted(): boolean {
  return state.painted;
}

/** Called as React takes the page over: nothing is painted or recorded after that. */
export function markReactStarted(): void {
  state.reactStarted = true;
}

/** The control clicked before React took over, if any (read by the page's first render). */
export function earlyAction(): EarlyAction | undefined {
  return state.action;
}

export function clearEarlyAction(): void {
  state.action = undefined;
}

/** Remembers a click on one of the welcome view's controls while the page has no code yet. */
export function recordEarlyClicks(): void {
  document.addEventListener(
    'click',
    (event) => {
      if (state.reactStarted || !(event.target instanceof Element)) return;
      const id = event.target.closest('[data-testid]')?.getAttribute('data-testid');
      if (id && ACTIONS.includes(id)) state.action = id as EarlyAction;
    },
    true,
  );
}

function element(
  tag: string,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** An ActionButton of portal-fields.tsx, as React draws it when not busy. */
function actionButton(variant: 'primary' | 'secondary', testId: string, text: string): HTMLElement {
  return element(
    'button',
    { type: 'button', class: `portal-button portal-button-${variant}`, 'data-testid': testId },
    element('span', {}, text),
  );
}

/**
 * Fills the prerendered welcome view with the tenant's look and texts (what RegisterPage shows
 * once its data is in). Does nothing once React has the page, or when the markup is not the
 * prerendered one (the Vite dev server renders the page itself).
 */
export function paintEarly({ settings, tenant }: EarlyAnswers): void {
  if (state.reactStarted || state.painted) return;
  const frame = document.querySelector<HTMLElement>('[data-testid="portal-page"]');
  const home = frame?.querySelector('[data-testid="portal-home"]');
  const skeleton = home?.querySelector('[aria-busy="true"]');
  if (!frame || !home || !skeleton) return;
  const look = lookFromSettings(settings);
  const tenantPrimary = normalizeHex(tenant.primary_color) ?? FALLBACK_PRIMARY;
  // The colour the page's theme code will start from (as the theme itself stores it).
  browserStorage('local')?.setItem(CACHED_COLOUR_KEY, tenantPrimary);

  for (const [name, value] of Object.entries(portalColors(look, tenantPrimary)))
    frame.style.setProperty(name, value);
  const backdrop = frame.querySelector<HTMLElement>('[data-testid="portal-backdrop"]');
  if (backdrop) {
    const image = look.backgroundImage;
    backdrop.className = `portal-backdrop portal-bg-${image ? look.backgroundStyle : 'none'}`;
    if (image) backdrop.style.backgroundImage = cssUrl(image);
  }
  const name = tenant.name || tenant.tenant;
  const header = frame.querySelector('[data-testid="portal-tenant"]');
  if (header && name) header.textContent = name.toUpperCase();

  const rich = element(
    'div',
    { class: 'portal-rich' },
    ...richTextNodes(richTextTree(look.description || DEFAULT_WELCOME)),
  );
  const actions = element(
    'div',
    { class: 'portal-home-actions' },
    actionButton('primary', 'portal-go-register', HOME_TEXT.wantToRegister),
    actionButton('secondary', 'portal-go-login', HOME_TEXT.alreadyRegistered),
  );
  skeleton.replaceWith(rich, actions);
  if (look.term && !home.querySelector('.portal-home-terms')) {
    const link = element(
      'button',
      { type: 'button', class: 'portal-link', 'data-testid': 'portal-home-terms' },
      HOME_TEXT.terms,
    );
    home.append(element('p', { class: 'portal-home-terms' }, 'Conheça o ', link, ' do programa.'));
  }
  state.painted = true;
}
