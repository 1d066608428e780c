import { useEffect, useRef } from 'react';
import '../../public/nps-survey.css';
import { runSurvey } from '../../public/nps-survey';

/**
 * /nps?hash=… inside the app (the Vite dev server, or a client-side navigation): the same survey
 * as nps.html, which `npm start` and CloudFront serve for a page load of that address.
 */
export default function SurveyPage() {
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    if (root.current) void runSurvey(root.current, window.location.search);
  }, []);
  return (
    <main
      ref={root}
      id="nps"
      className="nps"
      data-testid="nps-survey-page"
      data-state="loading"
      aria-busy="true"
    >
      <div className="nps-card">
        <p className="nps-loading" role="status">
          Carregando pesquisa…
        </p>
      </div>
    </main>
  );
}
