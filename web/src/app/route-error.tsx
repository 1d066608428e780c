import { isRouteErrorResponse, useRouteError } from 'react-router';

/**
 * Last-resort error page. The usual cause is a page chunk that no longer exists after a
 * deploy, which a reload fixes; kept free of Cloudscape so that it renders even then.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  if (import.meta.env.DEV) console.error(error);
  return (
    <main className="app-route-error" role="alert">
      <h1>Ocorreu um erro ao carregar a página</h1>
      <p>Recarregue a página para tentar novamente.{detail ? ` (${detail})` : ''}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Recarregar
      </button>
    </main>
  );
}
