import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { COMMUNICATION_MESSAGES } from '@freguesia/shared/schemas/communication';
import { useState } from 'react';
import { sendTestEmail } from '../../../api/communications';
import { notify } from '../../../app/notifications/notify';
import { testSendProblem, type EmailContent } from './form-model';

/**
 * 'Enviar teste' (spec part 3 §5 'E-mail', §7, §8): the message as it is in the editor now goes to
 * one address (POST /web/communications/email/test), with variables filled with sample data by the
 * server. An address and a subject are needed; a failure shows the error's own message.
 */
export function TestSendBox({
  subject,
  content,
  disabled,
}: {
  subject: () => string;
  content: () => Promise<EmailContent | undefined>;
  disabled?: boolean;
}) {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string>();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const message = testSendProblem(email, subject());
    setProblem(message);
    if (message) {
      notify({ type: 'error', header: 'Ops!', content: message });
      return;
    }
    setSending(true);
    try {
      const now = await content();
      if (!now) return;
      // A 2xx answer is the success; anything else is thrown with the server's message.
      await sendTestEmail({ email: email.trim(), subject: subject().trim(), html: now.html });
      notify({ type: 'success', content: COMMUNICATION_MESSAGES.testSent });
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
      description="O e-mail como está no editor, para um endereço."
      errorText={problem}
      stretch
    >
      <SpaceBetween direction="horizontal" size="xs">
        <div style={{ minWidth: 280 }}>
          <Input
            type="email"
            inputMode="email"
            value={email}
            placeholder="nome@exemplo.com.br"
            ariaLabel="E-mail do teste"
            data-testid="email-test-address"
            invalid={problem === COMMUNICATION_MESSAGES.testEmail}
            onChange={({ detail }) => {
              setEmail(detail.value);
              setProblem(undefined);
            }}
            // Enter here sends the test, not the whole form's Salvar.
            onKeyDown={(event) => {
              if (event.detail.key !== 'Enter') return;
              event.preventDefault();
              if (!disabled && !sending) void send();
            }}
          />
        </div>
        <Button
          formAction="none"
          data-testid="email-test-send"
          loading={sending}
          disabled={disabled}
          onClick={() => void send()}
        >
          Enviar teste
        </Button>
      </SpaceBetween>
    </FormField>
  );
}
