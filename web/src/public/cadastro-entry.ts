// Every stylesheet the prerendered page needs, linked from cadastro.html so the first paint is
// styled (the page's code, with the same imports, comes after that paint).
import '@cloudscape-design/global-styles/index.css';
import '../app/app.css';
import '../pages/portal/portal.css';
import { hasFlash } from '../app/flash';
import { documentTitle } from '../app/tenant';
import { paintEarly, readEarlyAnswers, recordEarlyClicks } from '../pages/portal/portal-early';
import { onIntent } from './on-intent';

/**
 * Entry of cadastro.html, what a page load of /cadastro gets (served for that path by `npm start`
 * and CloudFront): the portal's welcome view is prerendered in the file, and this entry, with no
 * React, fills it in with the tenant's texts and look as soon as the preloaded settings arrive
 * (pages/portal/portal-early.ts). The page's code (cadastro-start.tsx: React, no router) takes
 * the page over at the visitor's first interaction, replaying a click made before it had loaded;
 * at once when there is something only it can show (a notice left by the previous page, an
 * unknown tenant, settings that could not be read). The portal is the same whatever the staff
 * session, as in the app.
 */
document.title = documentTitle();
recordEarlyClicks();
const takeOver = onIntent(() => import('./cadastro-start').then((m) => m.startCadastro));
if (hasFlash()) takeOver.now();
void readEarlyAnswers().then((answers) => {
  if (answers) paintEarly(answers);
  else takeOver.now();
});
