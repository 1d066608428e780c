/**
 * /login before React: its tiny entry (public/login-entry.ts) readies the prerendered page with
 * no React, no form library and no schema, and the page's code (React, hydration) loads at the
 * visitor's first interaction. What the entry does here:
 *
 * - reads the tenant (the request login.html preloads) and paints its colour, stored for the
 *   theme code that comes later (no second request: the answer is handed to it);
 * - shows the tenant's label and enables 'Entrar': a press before the code has loaded is held
 *   (never sent natively — that would put the password in the URL) and replayed by the page
 *   once it has taken over (login-page.tsx), with what was typed meanwhile.
 *
 * The page's first render reads `loginReadyEarly()` to draw the same markup, so hydration keeps
 * it as it is. Nothing here runs at import: the build's prerender imports this module in Node.
 */
import type { TenantAnswer } from '../../api/auth';
import { browserStorage } from '../../app/storage';
import { TENANT } from '../../app/tenant';
import { CACHED_COLOUR_KEY, FALLBACK_PRIMARY, normalizeHex } from '../../app/theme-tokens';

const state: {
  ready: boolean;
  submitPending: boolean;
  reactStarted: boolean;
  tenant: Promise<TenantAnswer | undefined> | undefined;
  resolved: TenantAnswer | undefined;
} = { ready: false, submitPending: false, reactStarted: false, tenant: undefined, resolved: undefined };

/** True once the entry has readied the markup (tenant label shown, 'Entrar' enabled). */
export function loginReadyEarly(): boolean {
  return state.ready;
}

/** Whether 'Entrar' was pressed before the page's code had loaded; forgets it. */
export function takeEarlySubmit(): boolean {
  const pending = state.submitPending;
  state.submitPending = false;
  return pending;
}

/** Called as React takes the page over: submits then go to the page's own handler. */
export function markLoginReactStarted(): void {
  state.reactStarted = true;
}

/**
 * GET /api/web/tenant as login.html preloads it (no custom header, so the preloaded answer is the
 * one used); undefined when it fails. Paints and stores the tenant's colour on the way.
 */
export function readEarlyTenant(): Promise<TenantAnswer | undefined> {
  state.tenant ??= fetch('/api/web/tenant')
    .then((response) => (response.ok ? (response.json() as Promise<TenantAnswer>) : undefined))
    .then(
      (tenant) => {
        if (!tenant) return undefined;
        state.resolved = tenant;
        const colour = normalizeHex(tenant.primary_color) ?? FALLBACK_PRIMARY;
        browserStorage('local')?.setItem(CACHED_COLOUR_KEY, colour);
        document.documentElement.style.setProperty('--app-primary', colour);
        return tenant;
      },
      () => undefined,
    );
  return state.tenant;
}

/** The tenant answer if it has arrived, else the pending read (undefined: never started or failed). */
export function earlyTenant(): { ready?: TenantAnswer; pending?: Promise<TenantAnswer | undefined> } {
  return state.resolved ? { ready: state.resolved } : { pending: state.tenant };
}

/**
 * Readies the prerendered form (see above). `onSubmit` runs when 'Entrar' is pressed before the
 * page's code has taken over (the entry then loads it at once). Does nothing on markup that is
 * not the prerendered form (the Vite dev server renders the page itself).
 */
export function readyLoginEarly(onSubmit: () => void): void {
  const form = document.querySelector<HTMLFormElement>('form[data-testid="login-form"]');
  const submit = form?.querySelector<HTMLButtonElement>('[data-testid="login-submit"]');
  const label = document.querySelector('[data-testid="login-tenant"]');
  if (!form || !submit || !label) return;
  form.addEventListener('submit', (event) => {
    if (state.reactStarted) return;
    event.preventDefault();
    state.submitPending = true;
    onSubmit();
  });
  label.textContent = TENANT.toUpperCase();
  submit.disabled = false;
  state.ready = true;
}
