// Every stylesheet the prerendered page needs, linked from login.html so the first paint is styled
// (the page's code, with the same imports, comes after that paint).
import '@cloudscape-design/global-styles/index.css';
import '../app/app.css';
import '../pages/login/login-page.css';
import { landingPath } from '../app/landing';
import { readSession } from '../app/session';
import { afterFirstPaint } from './after-first-paint';
import { paintCachedColour } from './cached-colour';

/**
 * Entry of login.html, what a page load of /login gets (served for that path by `npm start` and
 * CloudFront): the login page is prerendered in the file, and its code (login-start.tsx, no
 * router, no staff shell) takes it over after the first paint. A signed-in user goes where the
 * app's router would send them (replace: Back does not return to /login).
 */
const session = readSession();
if (session) {
  window.location.replace(landingPath(session));
} else {
  paintCachedColour();
  afterFirstPaint(() => import('./login-start'));
}
