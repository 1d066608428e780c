import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { notify } from '../../../app/notifications/notify';
import { TEMPLATE_TOKENS, type EmailContent } from './form-model';
import type { EmailEditorInstance } from './grapes-setup';

/** What the form reads and drives. */
export interface EmailEditorHandle {
  /** The content now; undefined before the editor is ready. */
  content(): Promise<EmailContent | undefined>;
  load(content: EmailContent): void;
}

export const INSERT_HINT =
  'Clique duas vezes em um texto do e-mail, posicione o cursor e escolha a variável de novo.';

/**
 * The visual e-mail editor of the e-mail and template forms: GrapesJS (grapes-setup.ts), imported
 * only when this mounts, so its ~300 KB gzip never reach other screens. `onReady` fires once it
 * can give its content (the form's Salvar waits for it, spec part 3 §4); `onChange` on each edit.
 * 'Inserir variável' puts {{nome}}, {{primeiro_nome}}, … at the caret of the text being edited.
 */
export function EmailEditor({
  ref,
  initial,
  onReady,
  onChange,
  testId = 'email-editor',
}: {
  ref?: Ref<EmailEditorHandle>;
  initial: EmailContent;
  onReady?: () => void;
  onChange?: () => void;
  testId?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const instance = useRef<EmailEditorInstance | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The first content only: later changes of `initial` (a refetch) must not reset what was typed.
  const first = useRef(initial);
  const callbacks = useRef({ onReady, onChange });
  useEffect(() => {
    callbacks.current = { onReady, onChange };
  });

  useEffect(() => {
    let cancelled = false;
    const container = document.createElement('div');
    host.current?.appendChild(container);
    import('./grapes-setup')
      .then(({ createEmailEditor }) =>
        createEmailEditor(container, {
          initial: first.current,
          onChange: () => callbacks.current.onChange?.(),
        }),
      )
      .then((editor) => {
        if (cancelled) {
          editor.destroy();
          return;
        }
        instance.current = editor;
        setState('ready');
        callbacks.current.onReady?.();
      })
      .catch((error: unknown) => {
        console.error('email editor', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      instance.current?.destroy();
      instance.current = null;
      container.remove();
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      content: async () => instance.current?.content(),
      load: (content) => instance.current?.load(content),
    }),
    [],
  );

  const insert = (token: string) => {
    if (!instance.current?.insertText(token))
      notify({ type: 'info', header: `Variável ${token}`, content: INSERT_HINT });
  };

  return (
    <SpaceBetween size="s">
      <SpaceBetween direction="horizontal" size="s" alignItems="center">
        {/* GrapesJS ends the text editing on any mousedown of the page: the menu keeps it open. */}
        <div onMouseDown={(event) => event.stopPropagation()}>
          <ButtonDropdown
            data-testid="email-variables"
            disabled={state !== 'ready'}
            items={TEMPLATE_TOKENS.map((token) => ({ id: token, text: token }))}
            onItemClick={({ detail }) => insert(detail.id)}
          >
            Inserir variável
          </ButtonDropdown>
        </div>
        <Box color="text-body-secondary" fontSize="body-s">
          Variáveis são trocadas pelos dados de cada cliente no envio:{' '}
          {TEMPLATE_TOKENS.slice(0, 3).join(', ')}…
        </Box>
      </SpaceBetween>
      {state === 'failed' ? (
        <Alert type="error" header="Não foi possível carregar o editor de e-mail.">
          Recarregue a página e tente novamente.
        </Alert>
      ) : null}
      {state === 'loading' ? (
        <Box textAlign="center" padding="xl" data-testid={`${testId}-loading`}>
          <Spinner size="large" /> <Box variant="span">Carregando editor…</Box>
        </Box>
      ) : null}
      <div
        ref={host}
        className="freguesia-email-editor"
        data-testid={testId}
        data-ready={state === 'ready' ? 'true' : 'false'}
        style={state === 'failed' ? { display: 'none' } : undefined}
      />
    </SpaceBetween>
  );
}
