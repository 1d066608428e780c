// The public customer portal. Light on purpose (customers open it on their phones): plain
// HTML and CSS, no Cloudscape component of its own, no shell.
import { lazy, Suspense, useEffect, useState } from 'react';
import type { FlowView } from './portal-flow';
import { PortalDialog } from './portal-dialog';
import { ActionButton } from './portal-fields';
import { PortalFrame, usePortal } from './portal-frame';
import { clearEarlyAction, DEFAULT_WELCOME, earlyAction } from './portal-early';
import { HOME_TEXT } from './portal-look';
import { RichText } from './rich-text';

/**
 * /cadastro — spec part 1 §2 "Public customer portal", §4 (portal transitions), §5, §8.
 *
 * Three views: home (programme description and two buttons), register and login/update. The
 * last two (portal-flow.tsx: the forms, with zod and react-hook-form) are a chunk of their own,
 * fetched as soon as this page is mounted, so that the first paint stays small. On a page load
 * of /cadastro the welcome view is first drawn without React (portal-early.ts), and this page
 * mounts at the visitor's first interaction: a button clicked before that is acted on here.
 */
type View = 'home' | FlowView;

const loadFlow = () => import('./portal-flow');
const PortalFlow = lazy(loadFlow);

/** Placeholder lines while a view's data (or code) arrives. */
function Skeleton({ buttons }: { buttons: number }) {
  return (
    <div aria-busy="true" aria-label="Carregando">
      <div className="portal-rich portal-skeleton">
        <span />
        <span />
        <span />
      </div>
      <div className="portal-skeleton portal-skeleton-buttons">
        {Array.from({ length: buttons }, (_, i) => (
          <span key={i} />
        ))}
      </div>
    </div>
  );
}

export default function RegisterPage() {
  const portal = usePortal();
  const { look } = portal;
  // A button clicked on the welcome view before this code had loaded (portal-early.ts) takes effect now.
  const [view, setView] = useState<View>(() => {
    const action = earlyAction();
    return action === 'portal-go-register' ? 'register' : action === 'portal-go-login' ? 'login' : 'home';
  });
  const [revealed, setRevealed] = useState(false);
  const [termsOpen, setTermsOpen] = useState(() => earlyAction() === 'portal-home-terms');

  useEffect(() => {
    clearEarlyAction();
    // Failures show up (as the route error) only if the visitor then opens a step.
    loadFlow().catch(() => undefined);
  }, []);

  function goHome() {
    setRevealed(false);
    setView('home');
    window.scrollTo({ top: 0 });
  }

  const termsButton = (
    <button
      type="button"
      className="portal-link"
      onClick={() => setTermsOpen(true)}
      data-testid="portal-home-terms"
    >
      {HOME_TEXT.terms}
    </button>
  );

  return (
    <PortalFrame portal={portal} testId="portal-page" size={revealed ? 'form' : 'narrow'}>
      {view === 'home' ? (
        <section className="portal-view portal-home" data-testid="portal-home">
          <h1>Seja bem-vindo(a)!</h1>
          {portal.loaded ? (
            <>
              <RichText text={look.description || DEFAULT_WELCOME} className="portal-rich" />
              <div className="portal-home-actions">
                <ActionButton
                  variant="primary"
                  onClick={() => setView('register')}
                  testId="portal-go-register"
                >
                  {HOME_TEXT.wantToRegister}
                </ActionButton>
                <ActionButton variant="secondary" onClick={() => setView('login')} testId="portal-go-login">
                  {HOME_TEXT.alreadyRegistered}
                </ActionButton>
              </div>
            </>
          ) : (
            <Skeleton buttons={2} />
          )}
          {look.term && <p className="portal-home-terms">Conheça o {termsButton} do programa.</p>}
        </section>
      ) : (
        <Suspense
          fallback={
            <section className="portal-view">
              <Skeleton buttons={1} />
            </section>
          }
        >
          <PortalFlow
            portal={portal}
            view={view}
            onViewChange={setView}
            onHome={goHome}
            revealed={revealed}
            onRevealedChange={setRevealed}
            onOpenTerms={() => setTermsOpen(true)}
          />
        </Suspense>
      )}

      <PortalDialog
        open={termsOpen}
        wide
        title={HOME_TEXT.terms}
        onClose={() => setTermsOpen(false)}
        testId="portal-terms"
        footer={
          <>
            <a className="portal-link" href="/cadastro/termos" target="_blank" rel="noopener">
              Abrir em nova aba
            </a>
            <button
              type="button"
              className="portal-button portal-button-primary"
              onClick={() => setTermsOpen(false)}
            >
              Fechar
            </button>
          </>
        }
      >
        {look.term ? (
          <RichText text={look.term} className="portal-rich portal-terms-text" />
        ) : (
          <p>O regulamento do programa ainda não foi publicado.</p>
        )}
      </PortalDialog>
    </PortalFrame>
  );
}
