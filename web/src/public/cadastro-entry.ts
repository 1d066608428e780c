// Every stylesheet the prerendered page needs, linked from cadastro.html so the first paint is
// styled (the page's code, with the same imports, comes after that paint).
import '@cloudscape-design/global-styles/index.css';
import '../app/app.css';
import '../pages/portal/portal.css';
import { afterFirstPaint } from './after-first-paint';

/**
 * Entry of cadastro.html, what a page load of /cadastro gets (served for that path by `npm start`
 * and CloudFront): the portal's welcome view is prerendered in the file, and its code
 * (cadastro-start.tsx, no router) takes it over after the first paint. The portal is the same
 * whatever the staff session, as in the app.
 */
afterFirstPaint(() => import('./cadastro-start'));
