// Every stylesheet the prerendered page needs, linked from login.html so the first paint is styled
// (the page's code, with the same imports, comes after that paint).
import '@cloudscape-design/global-styles/index.css';
import '../app/app.css';
import '../pages/login/login-page.css';
import { hasFlash } from '../app/flash';
import { landingPath } from '../app/landing';
import { readSession } from '../app/session';
import { documentTitle } from '../app/tenant';
import { readEarlyTenant, readyLoginEarly } from '../pages/login/login-early';
import { paintCachedColour } from './cached-colour';
import { onIntent } from './on-intent';

/**
 * Entry of login.html, what a page load of /login gets (served for that path by `npm start` and
 * CloudFront): the login page is prerendered in the file, and this entry, with no React, readies
 * it (tenant colour and label, 'Entrar' enabled — pages/login/login-early.ts). The page's code
 * (login-start.tsx, no router, no staff shell) hydrates it at the visitor's first interaction —
 * focus, a key, a pointer, autofill — keeping what was typed and replaying an early 'Entrar'; at
 * once when there is something only it can show (a notice left by the previous page, an unknown
 * tenant). A signed-in user goes where the app's router would send them (replace: Back does not
 * return to /login).
 */
const session = readSession();
if (session) {
  window.location.replace(landingPath(session));
} else {
  document.title = documentTitle();
  paintCachedColour();
  const takeOver = onIntent(() => import('./login-start').then((m) => m.startLogin));
  readyLoginEarly(takeOver.now);
  if (hasFlash()) takeOver.now();
  void readEarlyTenant().then((tenant) => {
    if (!tenant) takeOver.now();
  });
}
