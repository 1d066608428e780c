import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import CopyToClipboard from '@cloudscape-design/components/copy-to-clipboard';
import Link from '@cloudscape-design/components/link';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import type { CampaignRow } from '@freguesia/shared/schemas/campaign-api';
import { failureMessage } from '../../../api/client';
import { useRegenerateTvLinks, useTvLinks } from '../../../api/tv';
import { useCan } from '../../../app/ability';
import { notify } from '../../../app/notifications/notify';

/**
 * 'Telas' of a TV campaign: the link of each store's screen, to open in the TV's browser (full
 * screen). Each link is signed and unguessable; 'Gerar novos links' revokes every link of the
 * campaign (write Campaigns), and the TVs with an old link show 'Tela não encontrada.' at their next update.
 */
export function TvLinksModal({ campaign, onDismiss }: { campaign: CampaignRow; onDismiss: () => void }) {
  const links = useTvLinks(campaign.id);
  const regenerate = useRegenerateTvLinks(campaign.id);
  const canWrite = useCan('write', 'Campaigns');
  const url = (path: string) => `${window.location.origin}${path}`;
  return (
    <Modal
      visible
      size="large"
      header={`Telas da campanha ${campaign.id} - ${campaign.description}`}
      onDismiss={onDismiss}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            {canWrite ? (
              <Button
                data-testid="tv-links-regenerate"
                loading={regenerate.isPending}
                onClick={() =>
                  regenerate.mutate(undefined, {
                    onSuccess: () =>
                      notify({
                        type: 'success',
                        content: 'Novos links gerados. Os anteriores deixaram de funcionar.',
                      }),
                    onError: (error) => notify({ type: 'error', content: failureMessage(error) }),
                  })
                }
              >
                Gerar novos links
              </Button>
            ) : null}
            <Button variant="primary" onClick={onDismiss}>
              Fechar
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="s">
        <Box color="text-body-secondary">
          Abra o link da loja no navegador da TV e deixe em tela cheia (F11). A tela se atualiza sozinha e
          continua mostrando os últimos preços se a internet cair.
        </Box>
        <Table
          data-testid="tv-links"
          variant="embedded"
          loading={links.isPending}
          loadingText="Carregando links"
          items={links.data ?? []}
          empty={
            <Box color="text-body-secondary">
              {links.isError ? failureMessage(links.error) : 'Nenhuma loja.'}
            </Box>
          }
          columnDefinitions={[
            { id: 'store', header: 'Loja', cell: (l) => l.store, isRowHeader: true },
            {
              id: 'link',
              header: 'Link da tela',
              cell: (l) => (
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <CopyToClipboard
                    variant="icon"
                    textToCopy={url(l.path)}
                    copyButtonAriaLabel={`Copiar link da loja ${l.store}`}
                    copySuccessText="Link copiado"
                    copyErrorText="Não foi possível copiar"
                  />
                  <Link href={url(l.path)} external data-testid={`tv-link-${l.id_store}`}>
                    Abrir tela
                  </Link>
                </SpaceBetween>
              ),
            },
          ]}
        />
      </SpaceBetween>
    </Modal>
  );
}
