import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import LoginPage from '../pages/login/login-page';
import RegisterPage from '../pages/portal/register-page';
import { publicTree } from './public-root';

/**
 * Runs at build time only (web/prerender-plugin.ts, in Node): the markup of each public page as
 * its first client render draws it, before anything tenant-specific is known. It goes into the
 * page's HTML file, so the browser paints the page before any script has run.
 */
const PAGES: Record<string, () => ReactNode> = {
  'login.html': () => <LoginPage />,
  'cadastro.html': () => <RegisterPage />,
};

/** The HTML files that get a prerendered page, relative to the build folder. */
export const PRERENDERED_FILES = Object.keys(PAGES);

/** The prerendered markup of one file's page (the content of its `<div id="root">`). */
export function prerender(file: string): string {
  const page = PAGES[file];
  if (!page) throw new Error(`No prerendered page for ${file}`);
  // A client of its own: nothing cached, nothing fetched (queries never run on the server).
  return renderToString(publicTree(page(), new QueryClient()));
}
