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
import type { IntegrationTokenView } from '@freguesia/shared/schemas/settings';
import { useState } from 'react';
import { failureMessage } from '../../../api/client';
import { useIntegrationToken, useRotateIntegrationToken } from '../../../api/settings';
import { notify } from '../../../app/notifications/notify';
import { formatDateTime } from '../../../components/format';

export const ROTATE_WARNING =
  'O token atual deixa de funcionar imediatamente: os PDVs e integrações que o usam param de enviar dados até serem configurados com o novo token.';

export const UNREADABLE_NOTICE =
  'Este token não pode ser exibido: ele foi gerado antes de os tokens passarem a ser guardados criptografados. ' +
  'Os PDVs que o usam continuam funcionando; para vê-lo aqui, gere um novo token e atualize os PDVs.';

/** The token, hidden behind its last characters until asked for, with a copy button. */
function TokenValue({
  token,
  revealed,
  onToggle,
}: {
  token: string;
  revealed: boolean;
  onToggle: () => void;
}) {
  return (
    <SpaceBetween size="xs">
      <Box variant="code">
        <span data-testid="token-value" className="settings-token-value">
          {revealed ? token : `${'•'.repeat(12)}${token.slice(-4)}`}
        </span>
      </Box>
      <SpaceBetween direction="horizontal" size="xs">
        <Button
          variant="normal"
          iconName={revealed ? 'lock-private' : 'unlocked'}
          onClick={onToggle}
          data-testid="token-reveal"
        >
          {revealed ? 'Ocultar token' : 'Mostrar token'}
        </Button>
        <CopyToClipboard
          variant="button"
          textToCopy={token}
          copyButtonText="Copiar token"
          copySuccessText="Token copiado"
          copyErrorText="Não foi possível copiar o token"
        />
      </SpaceBetween>
    </SpaceBetween>
  );
}

function TokenDetails({
  current,
  revealed,
  onToggle,
}: {
  current: IntegrationTokenView;
  revealed: boolean;
  onToggle: () => void;
}) {
  if (current.status === 'none') {
    return (
      <Box data-testid="token-none" color="text-body-secondary">
        Nenhum token gerado. Gere um token para que os PDVs possam enviar vendas e mercadorias.
      </Box>
    );
  }
  return (
    <SpaceBetween size="m">
      {current.status === 'unreadable' && (
        <Alert type="info" data-testid="token-unreadable">
          {UNREADABLE_NOTICE}
        </Alert>
      )}
      <KeyValuePairs
        columns={current.token ? 1 : 2}
        items={[
          ...(current.token
            ? [
                {
                  label: 'Token atual',
                  value: <TokenValue token={current.token} revealed={revealed} onToggle={onToggle} />,
                },
              ]
            : []),
          {
            label: current.token ? 'Identificação' : 'Token atual',
            value: (
              <span data-testid="token-hint">
                Termina em <b>{current.hint}</b>
              </span>
            ),
          },
          {
            label: 'Gerado em',
            value: <span data-testid="token-created-at">{formatDateTime(current.created_at ?? '')}</span>,
          },
        ]}
      />
    </SpaceBetween>
  );
}

/**
 * 'Integração': the POS integration token. Reading it is safe (the server never rotates on a
 * read); a new one is issued only through 'Gerar novo token' and its confirmation, which warns
 * that the points of sale stop until they are given the new token.
 */
export function IntegrationTab() {
  const info = useIntegrationToken();
  const rotation = useRotateIntegrationToken();
  const [confirming, setConfirming] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [justIssued, setJustIssued] = useState(false);
  const rotating = rotation.isPending;
  const current = info.data;
  const hasToken = current !== undefined && current.status !== 'none';

  async function rotate() {
    try {
      await rotation.mutateAsync();
      // Just issued: shown in full, ready to copy into the point of sale.
      setRevealed(true);
      setJustIssued(true);
    } catch (error) {
      notify({ type: 'error', header: 'Erro ao gerar token', content: failureMessage(error) });
    } finally {
      setConfirming(false);
    }
  }

  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header
            variant="h2"
            description="O PDV envia vendas e mercadorias à plataforma com este token (Authorization: Bearer …)."
            actions={
              current && (
                <Button
                  // Without a token there is nothing to revoke: no confirmation needed.
                  onClick={() => (hasToken ? setConfirming(true) : void rotate())}
                  loading={rotating && !confirming}
                  data-testid="token-rotate"
                >
                  {hasToken ? 'Gerar novo token' : 'Gerar token'}
                </Button>
              )
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
          <TokenDetails current={current} revealed={revealed} onToggle={() => setRevealed((r) => !r)} />
        )}
      </Container>

      {justIssued && (
        <Alert
          type="success"
          header="Novo token gerado"
          dismissible
          dismissAriaLabel="Fechar"
          onDismiss={() => setJustIssued(false)}
          data-testid="token-issued"
        >
          Copie o token e configure-o em cada PDV e integração: o token anterior, se havia um, já não é
          aceito.
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
