import { Link } from 'react-router';
import { PortalFrame, usePortal } from './portal-frame';
import { RichText } from './rich-text';

/** /cadastro/termos — the programme terms over the portal background (spec part 1 §2). */
export default function TermsPage() {
  const portal = usePortal();
  const { look, loaded } = portal;
  return (
    <PortalFrame portal={portal} testId="portal-terms-page" size="wide">
      <section className="portal-view portal-terms-view">
        <Link className="portal-back" to="/cadastro" aria-label="Voltar ao cadastro">
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
            <path
              d="M12.5 4L6.5 10l6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>Cadastro</span>
        </Link>
        <h1>Regulamento</h1>
        {!loaded ? (
          <div className="portal-rich portal-skeleton" aria-hidden="true">
            <span />
            <span />
            <span />
          </div>
        ) : look.term ? (
          <RichText text={look.term} className="portal-rich portal-terms-text" />
        ) : (
          <p className="portal-lead">O regulamento do programa ainda não foi publicado.</p>
        )}
      </section>
    </PortalFrame>
  );
}
