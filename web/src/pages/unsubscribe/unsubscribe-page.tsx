import { useEffect, useState } from 'react';

/**
 * /descadastro?t=… — the unsubscribe link of a marketing e-mail (issue 20, item 11). Public and
 * light (no Cloudscape): the signed token goes to `POST /api/hooks/unsubscribe` at once, and the
 * page confirms in Portuguese. The answer names nobody: the page shows no e-mail nor name.
 */
type State = { kind: 'loading' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

const FAILED = 'Não foi possível concluir o descadastro agora. Tente novamente em alguns minutos.';

export default function UnsubscribePage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('t') ?? '';
    let live = true;
    void (async () => {
      try {
        const response = await fetch(`/api/hooks/unsubscribe?t=${encodeURIComponent(token)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        if (!live) return;
        setState(
          response.ok
            ? { kind: 'done', message: body.message ?? 'Descadastro concluído.' }
            : { kind: 'error', message: body.message ?? FAILED },
        );
      } catch {
        if (live) setState({ kind: 'error', message: FAILED });
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return (
    <main
      data-testid="unsubscribe-page"
      data-state={state.kind}
      aria-busy={state.kind === 'loading'}
      style={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        background: '#f4f6f8',
        fontFamily: 'system-ui, Arial, sans-serif',
        padding: 16,
      }}
    >
      <section
        style={{
          maxWidth: 440,
          background: '#fff',
          borderRadius: 12,
          padding: '32px 28px',
          boxShadow: '0 2px 12px rgba(0,0,0,.08)',
          textAlign: 'center',
        }}
      >
        {state.kind === 'loading' ? (
          <p role="status">Processando seu descadastro…</p>
        ) : state.kind === 'done' ? (
          <>
            <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Descadastro concluído</h1>
            <p role="status" data-testid="unsubscribe-message">
              {state.message}
            </p>
            <p style={{ color: '#555', fontSize: 14 }}>
              Você continua recebendo mensagens sobre suas compras e seu cadastro. Mudou de ideia? Fale com a
              loja para voltar a receber nossas ofertas.
            </p>
          </>
        ) : (
          <>
            <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>Descadastro não concluído</h1>
            <p role="alert" data-testid="unsubscribe-message">
              {state.message}
            </p>
          </>
        )}
      </section>
    </main>
  );
}
