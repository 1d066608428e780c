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
import type { IntegrationTokenAnswer } from '@freguesia/shared/schemas/settings';
import { useState } from 'react';
import { failureMessage } from '../../../api/client';
import { useIntegrationToken, useRotateIntegrationToken } from '../../../api/settings';
import { notify } from '../../../app/notifications/notify';
import { formatDateTime } from '../../../components/format';

export const ROTATE_WARNING =
  'O token atual deixa de funcionar imediatamente: os PDVs e integrações que o usam param de enviar dados até serem configurados com o novo token.';

/** 'Integração': the POS integration token — which one is current, and issuing a new one. */
export function IntegrationTab() {
  const info = useIntegrationToken();
  const rotation = useRotateIntegrationToken();
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<IntegrationTokenAnswer | null>(null);
  const rotating = rotation.isPending;

  async function rotate() {
    try {
      setIssued(await rotation.mutateAsync());
    } catch (error) {
      notify({ type: 'error', header: 'Erro ao gerar token', content: failureMessage(error) });
    } finally {
      setConfirming(false);
    }
  }

  const current = info.data;
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
            {failureMessage(info.error)}
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
              {
                label: 'Gerado em',
                value: <span data-testid="token-created-at">{formatDateTime(current.created_at)}</span>,
              },
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
            <span>
              Copie o token agora e configure-o no PDV: por segurança ele não será exibido novamente.
            </span>
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
                <Button
                  variant="primary"
                  loading={rotating}
                  onClick={() => void rotate()}
                  data-testid="token-rotate-confirm"
                >
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
