// First: settings every later module depends on (no eval under the Content-Security-Policy).
import './app/csp';
import '@cloudscape-design/global-styles/index.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { takeFlash } from './app/flash';
import { notify } from './app/notifications/notify';
import { queryClient } from './api/query-client';
import { createAppRouter } from './app/router';
import { readSession } from './app/session';
import { documentTitle } from './app/tenant';
import { loadTenantTheme } from './app/theme';

document.title = documentTitle();
void loadTenantTheme();

// A notice left by the previous page load (e.g. the expired-token 401) is shown once.
const flash = takeFlash();
if (flash) notify(flash);

// The staff shell (Cloudscape's pt-BR I18nProvider, the menu, CASL, the permission catalogue)
// is a lazily loaded chunk: the entry holds only what every page needs, so /login and the
// customer pages stay small.
const router = createAppRouter({ loggedIn: readSession() !== null });

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
