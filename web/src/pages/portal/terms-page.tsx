import './portal-placeholder.css';

/** /cadastro/termos — the programme terms over the portal background. Placeholder. */
export default function TermsPage() {
  return (
    <main className="portal-placeholder" data-testid="portal-terms-page">
      <h1>Regulamento</h1>
      <p>O regulamento do programa será exibido aqui.</p>
    </main>
  );
}
