// First: settings every later module depends on (no eval under the Content-Security-Policy).
import '../app/csp';
import LoginPage from '../pages/login/login-page';
import { startPublicPage } from './public-entry';

/** The code of the prerendered /login (loaded by login-entry.ts after the first paint). */
startPublicPage(<LoginPage />);
