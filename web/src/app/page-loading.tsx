/**
 * Shown while the first route chunk of a page load arrives. A CSS spinner drawn like
 * Cloudscape's large one: the app entry carries no Cloudscape component.
 */
export function PageLoading() {
  return (
    <div className="app-page-loading" role="status" aria-label="Carregando">
      <span className="app-spinner" aria-hidden="true" />
    </div>
  );
}
