import '../portal/portal-placeholder.css';

/** /nps?hash=... — the public satisfaction survey (spec part 3). Placeholder. */
export default function SurveyPage() {
  return (
    <main className="portal-placeholder" data-testid="nps-survey-page">
      <h1>Pesquisa de satisfação</h1>
      <p>A pesquisa será exibida aqui.</p>
    </main>
  );
}
