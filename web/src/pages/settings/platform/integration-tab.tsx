import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import type { IntegrationTokenAnswer, IntegrationTokenInfo } from '@freguesia/shared/schemas/settings';
import { useEffect, useState } from 'react';
import { integrationTokenInfo, rotateIntegrationToken } from '../../../api/settings';
import { notify } from '../../../app/notifications/notify';
import { failureMessage } from '../field-errors';
import { formatDateTime } from '../format';

export const ROTATE_WARNING =
  'O token atual deixa de funcionar imediatamente: os PDVs e integrações que o usam param de enviar dados até serem configurados com o novo token.';

/** 'Integração': the POS integration token — which one is current, and issuing a new one. */
export function IntegrationTab() {
  const [info, setInfo] = useState<{ value?: IntegrationTokenInfo; error?: string }>({});
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);
  const [issued, setIssued] = useState<IntegrationTokenAnswer | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    integrationTokenInfo(controller.signal).then(
      (value) => setInfo({ value }),
      (error: unknown) => {
        if (!controller.signal.aborted) setInfo({ error: failureMessage(error) });
      },
    );
    return () => controller.abort();
  }, []);

  async function rotate() {
    setRotating(true);
    try {
      const answer = await rotateIntegrationToken();
      setIssued(answer);
      setInfo({ value: { hint: answer.hint, created_at: answer.created_at } });
    } catch (error) {
      notify({ type: 'error', header: 'Erro ao gerar token', content: failureMessage(error) });
    } finally {
      setRotating(false);
      setConfirming(false);
    }
  }

  const current = info.value;
  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header
            variant="h2"
            description="O PDV envia vendas e mercadorias à plataforma com este token (Authorization: Bearer …)."
            actions={
              <Button onClick={() => setConfirming(true)} data-testid="token-rotate">
                Gerar novo token
              </Button>
            }
          >
            Token de integração
          </Header>
        }
      >
        {info.error ? (
          <Alert type="error" header="Não foi possível consultar o token">
            {info.error}
          </Alert>
        ) : !current ? (
          <Spinner />
        ) : (
          <KeyValuePairs
            columns={2}
            items={[
              {
                label: 'Token atual',
                value: current.hint ? (
                  <span data-testid="token-hint">
                    Termina em <b>{current.hint}</b>
                  </span>
                ) : (
                  'Nenhum token gerado'
                ),
              },
              { label: 'Gerado em', value: <span data-testid="token-created-at">{formatDateTime(current.created_at)}</span> },
            ]}
          />
        )}
      </Container>

      {issued && (
        <Alert
          type="success"
          header="Novo token gerado"
          dismissible
          dismissAriaLabel="Fechar"
          onDismiss={() => setIssued(null)}
          data-testid="token-issued"
        >
          <SpaceBetween size="s">
            <span>Copie o token agora e configure-o no PDV: por segurança ele não será exibido novamente.</span>
            <Box variant="code">
              <span data-testid="token-value" className="settings-token-value">
                {issued.token}
              </span>
            </Box>
            <CopyToClipboard
              variant="button"
              textToCopy={issued.token}
              copyButtonText="Copiar token"
              copySuccessText="Token copiado"
              copyErrorText="Não foi possível copiar o token"
            />
          </SpaceBetween>
        </Alert>
      )}

      {confirming && (
        <Modal
          visible
          header="Gerar novo token?"
          closeAriaLabel="Fechar"
          onDismiss={() => {
            if (!rotating) setConfirming(false);
          }}
          footer={
            <Box float="right">
              <SpaceBetween direction="horizontal" size="xs">
                <Button variant="link" disabled={rotating} onClick={() => setConfirming(false)}>
                  Cancelar
                </Button>
                <Button variant="primary" loading={rotating} onClick={() => void rotate()} data-testid="token-rotate-confirm">
                  Gerar novo token
                </Button>
              </SpaceBetween>
            </Box>
          }
        >
          <Alert type="warning">{ROTATE_WARNING}</Alert>
        </Modal>
      )}
    </SpaceBetween>
  );
}
