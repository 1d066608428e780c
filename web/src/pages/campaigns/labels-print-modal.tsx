import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { labelValues, renderLabel } from '@freguesia/shared/domain/label-template';
import {
  DEFAULT_PRINT_LIMIT,
  LABEL_MESSAGES,
  labelOffered,
  type CampaignLabels,
  type Label,
} from '@freguesia/shared/schemas/label';
import { useMemo, useState } from 'react';
import type { CampaignRow } from '../../api/campaigns';
import { useCampaign } from '../../api/campaigns';
import { useStores } from '../../api/catalog';
import { failureMessage } from '../../api/client';
import { exportFileName, saveBlob } from '../../api/download';
import { useCampaignLabels, useLabels } from '../../api/labels';
import { notify } from '../../app/notifications/notify';
import { ModalActions } from '../../components/form';
import { LABEL_BOX_CLASS, LabelPreview } from '../../components/label-preview';
import { purifyLabelMarkup } from '../../components/label-markup';

/** Labels shown in the preview; the PDF has them all. */
const PREVIEW_COUNT = 12;

/** The print limit typed: empty is 999 (spec part 2 §2.6); undefined when not a whole number 1–999. */
export function printLimit(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return DEFAULT_PRINT_LIMIT;
  const n = Number(trimmed);
  return Number.isInteger(n) && n >= 1 && n <= DEFAULT_PRINT_LIMIT ? n : undefined;
}

/** The filled-in, purified markup of each label. */
const labelHtml = (layout: Label, data: CampaignLabels) =>
  data.data.map((row) =>
    purifyLabelMarkup(renderLabel(layout.layout, labelValues(row, data.campaign, data.store))),
  );

function Preview({ layout, data }: { layout: Label; data: CampaignLabels }) {
  const shown = data.data.slice(0, PREVIEW_COUNT);
  return (
    <SpaceBetween size="s">
      <Box data-testid="labels-print-count">
        {data.data.length === 1 ? '1 etiqueta' : `${data.data.length.toLocaleString('pt-BR')} etiquetas`}
        {data.data.length > shown.length ? ` (pré-visualização das ${shown.length} primeiras)` : ''}
      </Box>
      {data.notice ? (
        <Alert type="info" data-testid="labels-limit-notice">
          {data.notice}
        </Alert>
      ) : null}
      {data.skipped > 0 ? (
        <Alert type="info">
          {data.skipped === 1 ? '1 produto ficou de fora' : `${data.skipped} produtos ficaram de fora`}: sem
          cadastro ou sem preço nesta loja.
        </Alert>
      ) : null}
      <div className="label-sheet" data-testid="labels-print-preview">
        {shown.map((row) => (
          <LabelPreview
            key={row.code}
            layout={layout.layout}
            width={layout.width}
            height={layout.height}
            values={labelValues(row, data.campaign, data.store)}
          />
        ))}
      </div>
    </SpaceBetween>
  );
}

/**
 * 'Imprimir etiquetas' of a campaign row (spec part 2 §2.6, write Campaigns): a label layout and a
 * store — a user who sees one store gets it fixed — and the print limit (empty: 999). Until both
 * are chosen the preview says 'Selecione uma etiqueta e a loja'; then it shows the labels, and
 * 'Imprimir' saves a PDF with one page per label of the layout's size.
 */
export function LabelsPrintModal({ campaign, onDismiss }: { campaign: CampaignRow; onDismiss: () => void }) {
  const labels = useLabels();
  const stores = useStores();
  const details = useCampaign(campaign.id);
  const [labelId, setLabelId] = useState('');
  const [chosenStore, setChosenStore] = useState('');
  const [limitText, setLimitText] = useState('');
  const [printing, setPrinting] = useState<string | null>(null);

  const labelOptions: SelectProps.Option[] = (labels.data ?? [])
    .filter((l) => labelOffered(l, campaign.type))
    .map((l) => ({
      value: String(l.id),
      label: l.name,
      description: `${String(l.width).replace('.', ',')} × ${String(l.height).replace('.', ',')} mm`,
    }));
  const campaignStores = new Set(details.data?.stores.map((s) => s.id_store));
  const storeOptions: SelectProps.Option[] = (stores.data ?? [])
    .filter((s) => campaignStores.size === 0 || campaignStores.has(s.id))
    .map((s) => ({ value: String(s.id), label: s.name }));
  // One store to choose from (a user bound to a store, a campaign of one store): it is fixed.
  const fixedStore = storeOptions.length === 1 ? storeOptions[0]!.value! : undefined;
  const storeValue = fixedStore ?? chosenStore;

  const layout = labels.data?.find((l) => String(l.id) === labelId);
  const limit = printLimit(limitText);
  const storeId = storeValue && layout && limit !== undefined ? Number(storeValue) : undefined;
  const data = useCampaignLabels(campaign.id, storeId, limit ?? DEFAULT_PRINT_LIMIT);
  const ready = layout !== undefined && storeId !== undefined && data.data !== undefined;
  const fileName = useMemo(() => exportFileName(campaign, null, 'etiquetas', 'pdf'), [campaign]);

  async function print() {
    if (!layout || !data.data) return;
    setPrinting('Gerando PDF…');
    try {
      const { labelsPdf } = await import('./labels-pdf');
      const total = data.data.data.length;
      const pdf = await labelsPdf(
        labelHtml(layout, data.data).map((html) => ({ html })),
        layout.width,
        layout.height,
        LABEL_BOX_CLASS,
        (done) => setPrinting(`Gerando PDF… ${done} de ${total}`),
      );
      saveBlob(pdf, fileName);
      notify({
        type: 'success',
        header: total === 1 ? 'PDF gerado com 1 etiqueta' : `PDF gerado com ${total} etiquetas`,
      });
    } catch (error) {
      notify({ type: 'error', header: 'Erro ao gerar o PDF das etiquetas', content: failureMessage(error) });
    } finally {
      setPrinting(null);
    }
  }

  function preview() {
    if (!layout || !storeValue) return <Box color="text-body-secondary">{LABEL_MESSAGES.choose}</Box>;
    if (limit === undefined) return <Box color="text-status-error">{LABEL_MESSAGES.printLimit}</Box>;
    if (data.error) return <Alert type="error">{failureMessage(data.error)}</Alert>;
    if (!data.data) return <Spinner size="large" />;
    if (data.data.data.length === 0)
      return (
        <Box color="text-body-secondary" data-testid="labels-notice">
          {data.data.notice ?? 'Nenhum produto desta campanha tem preço nesta loja.'}
        </Box>
      );
    return <Preview layout={layout} data={data.data} />;
  }

  return (
    <Modal
      visible
      size="large"
      header={`Imprimir etiquetas — ${campaign.description}`}
      onDismiss={() => {
        if (!printing) onDismiss();
      }}
      data-testid="labels-print"
      footer={
        <ModalActions
          saving={printing !== null}
          submitLabel={printing ?? 'Imprimir'}
          submitDisabled={!ready || !data.data?.data.length}
          submitTestId="labels-print-submit"
          onCancel={onDismiss}
          onSubmit={() => void print()}
        />
      }
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={3}>
          <FormField label="Etiqueta">
            <Select
              data-testid="labels-print-layout"
              placeholder="Selecione a etiqueta"
              statusType={labels.isPending ? 'loading' : labels.error ? 'error' : 'finished'}
              loadingText="Carregando etiquetas"
              errorText={labels.error ? failureMessage(labels.error) : undefined}
              empty="Nenhuma etiqueta disponível: cadastre em Ajustes › Plataforma › Etiquetas de Descontos"
              options={labelOptions}
              selectedOption={labelOptions.find((o) => o.value === labelId) ?? null}
              onChange={({ detail }) => setLabelId(detail.selectedOption.value ?? '')}
            />
          </FormField>
          <FormField label="Loja">
            <Select
              data-testid="labels-print-store"
              placeholder="Selecione a loja"
              disabled={fixedStore !== undefined}
              filteringType="auto"
              statusType={stores.isPending || details.isPending ? 'loading' : 'finished'}
              loadingText="Carregando lojas"
              empty="Nenhuma loja desta campanha"
              options={storeOptions}
              selectedOption={storeOptions.find((o) => o.value === storeValue) ?? null}
              onChange={({ detail }) => setChosenStore(detail.selectedOption.value ?? '')}
            />
          </FormField>
          <FormField
            label="Limite de impressão"
            description={`Vazio: ${DEFAULT_PRINT_LIMIT} etiquetas.`}
            errorText={limit === undefined ? LABEL_MESSAGES.printLimit : undefined}
          >
            <Input
              data-testid="labels-print-limit"
              inputMode="numeric"
              placeholder={String(DEFAULT_PRINT_LIMIT)}
              value={limitText}
              invalid={limit === undefined}
              onChange={({ detail }) => setLimitText(detail.value.replace(/\D/g, '').slice(0, 4))}
            />
          </FormField>
        </ColumnLayout>
        <div data-testid="labels-print-area">{preview()}</div>
      </SpaceBetween>
    </Modal>
  );
}
