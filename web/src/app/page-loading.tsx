import Spinner from '@cloudscape-design/components/spinner';

/** Shown while the first route chunk of a page load arrives. */
export function PageLoading() {
  return (
    <div className="app-page-loading" role="status" aria-label="Carregando">
      <Spinner size="large" />
    </div>
  );
}
