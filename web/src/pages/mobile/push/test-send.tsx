import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { COMMUNICATION_MESSAGES } from '@freguesia/shared/schemas/communication';
import { useState } from 'react';
import { sendTestPush } from '../../../api/communications';
import { notify } from '../../../app/notifications/notify';

/**
 * 'Enviar teste' of a push (issue 20 item 14), as the e-mail's: the notification as it is in the
 * form now goes to the app of one customer the staff names by CPF/CNPJ
 * (POST /web/communications/push/test), with that customer's variables. A failure shows the
 * server's own message.
 */
export function PushTestSendBox({
  content,
}: {
  content: () => { title: string; header: string; body: string; url: string };
}) {
  const [document, setDocument] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const now = content();
    const missing = !document.trim()
      ? COMMUNICATION_MESSAGES.pushTestDocument
      : !now.header.trim()
        ? COMMUNICATION_MESSAGES.pushHeader
        : !now.body.trim()
          ? COMMUNICATION_MESSAGES.pushBody
          : undefined;
    setProblem(missing);
    if (missing) {
      notify({ type: 'error', header: 'Ops!', content: missing });
      return;
    }
    setSending(true);
    try {
      const message = await sendTestPush({ document: document.trim(), ...now });
      notify({
        type: 'success',
        content: message === 'success' ? COMMUNICATION_MESSAGES.pushTestSent : message,
      });
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao enviar o teste',
        content: error instanceof Error && error.message ? error.message : 'Tente novamente.',
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <FormField
      label="Enviar um teste"
      description="A notificação como está no formulário, para o aplicativo de um cliente (CPF ou CNPJ)."
      errorText={problem}
      stretch
    >
      <SpaceBetween direction="horizontal" size="xs">
        <div style={{ minWidth: 240 }}>
          <Input
            value={document}
            inputMode="numeric"
            placeholder="000.000.000-00"
            ariaLabel="CPF ou CNPJ do cliente do teste"
            data-testid="push-test-document"
            onChange={({ detail }) => {
              setDocument(detail.value);
              setProblem(undefined);
            }}
            onKeyDown={(event) => {
              if (event.detail.key !== 'Enter') return;
              event.preventDefault();
              if (!sending) void send();
            }}
          />
        </div>
        <Button formAction="none" loading={sending} data-testid="push-test-send" onClick={() => void send()}>
          Enviar teste
        </Button>
      </SpaceBetween>
    </FormField>
  );
}
