// First: settings every later module depends on (no eval under the Content-Security-Policy).
import '../app/csp';
import RegisterPage from '../pages/portal/register-page';
import { startPublicPage } from './public-entry';

/** The code of the prerendered /cadastro (loaded by cadastro-entry.ts after the first paint). */
startPublicPage(<RegisterPage />);
