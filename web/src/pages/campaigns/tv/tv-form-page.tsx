import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import type { WizardProps } from '@cloudscape-design/components/wizard';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useCategoryTree, useStores } from '../../../api/catalog';
import { ApiError } from '../../../api/client';
import { useSaveTvCampaign, useTvCampaign, type TvDetails } from '../../../api/tv';
import { notify } from '../../../app/notifications/notify';
import { DateInput } from '../../../components/date-input';
import { routeId } from '../../../components/route-id';
import { CategoryCascade } from '../../catalog/category-cascade';
import { archivedListPath, isArchivedPath } from '../archived-model';
import { StoreTransfer } from '../store-transfer';
import { CampaignRecordRoute } from '../record-route';
import { CampaignWizardFrame, useWizardSteps } from '../wizard-frame';
import {
  emptyTvForm,
  TV_SAVED_EDIT,
  TV_SAVED_NEW,
  TV_STEP_TITLES,
  tvDetailsToForm,
  tvFormToPayload,
  tvStepProblem,
  type TvFormState,
} from './tv-form-model';
import { TvProductsStep } from './tv-products-step';

const LIST = '/campaign/tv';
const LAST_STEP = TV_STEP_TITLES.length - 1;

/**
 * /campaign/tv/new and /campaign/tv/edit/:id (write Campaigns; spec part 2 §2.2): the four-step
 * TV wizard (details, products, category, stores). 'Próximo' validates the step with the shared
 * schema and says what is wrong in an 'Ops!' notice; 'Finalizar' saves and returns to the list.
 * /campaign/tv/archived/:id: a deleted campaign in the same steps, read-only ('Excluídas').
 */
export default function TvFormPage() {
  const id = routeId(useParams().id);
  const archived = isArchivedPath(useLocation().pathname);
  const record = useTvCampaign(id, archived);
  return (
    <CampaignRecordRoute
      id={id}
      record={record}
      list={archived ? archivedListPath('TV') : LIST}
      mode={archived ? '-archived' : ''}
    >
      {(saved) => <TvWizard record={saved} archived={archived} />}
    </CampaignRecordRoute>
  );
}

function TvWizard({ record, archived }: { record: TvDetails | null; archived: boolean }) {
  const navigate = useNavigate();
  const [form, setForm] = useState<TvFormState>(() => (record ? tvDetailsToForm(record) : emptyTvForm()));
  const set = (patch: Partial<TvFormState>) => setForm((f) => ({ ...f, ...patch }));
  const save = useSaveTvCampaign();
  const stores = useStores();
  const tree = useCategoryTree();
  const { activeStep, onNavigate, readyToSave } = useWizardSteps({
    lastStep: LAST_STEP,
    // A deleted campaign is only read: every step opens.
    validate: (from, to) => (archived ? undefined : tvStepProblem(form, from, to)),
  });

  const submit = async () => {
    if (!(await readyToSave())) return;
    try {
      await save.mutateAsync(tvFormToPayload(form, record?.id, record?.updated_at));
      notify({ type: 'success', content: record ? TV_SAVED_EDIT : TV_SAVED_NEW });
      navigate(LIST);
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro ao salvar a campanha',
        content: error instanceof ApiError ? error.message : 'Tente novamente.',
      });
    }
  };

  const steps: WizardProps.Step[] = [
    {
      title: TV_STEP_TITLES[0],
      content: (
        <Container header={<Header variant="h2">Campanha de TV</Header>}>
          <SpaceBetween size="l">
            <Toggle
              data-testid="tv-active"
              checked={form.active}
              onChange={({ detail }) => set({ active: detail.checked })}
            >
              {form.active ? 'Ativa' : 'Inativa'}
            </Toggle>
            <FormField label="Descrição">
              <Input
                data-testid="tv-description"
                value={form.description}
                placeholder="Ex.: Ofertas do açougue"
                onChange={({ detail }) => set({ description: detail.value })}
              />
            </FormField>
            <ColumnLayout columns={4}>
              <FormField label="Início">
                <DateInput
                  data-testid="tv-start"
                  ariaLabel="Data de início"
                  value={form.start}
                  onChange={(start) => set({ start })}
                />
              </FormField>
              {form.noEnd ? null : (
                <FormField label="Fim">
                  <DateInput
                    data-testid="tv-end"
                    ariaLabel="Data de fim"
                    value={form.end}
                    onChange={(end) => set({ end })}
                  />
                </FormField>
              )}
              <FormField label={form.noEnd ? 'Fim' : '\u00a0'}>
                <Checkbox
                  data-testid="tv-no-end"
                  checked={form.noEnd}
                  onChange={({ detail }) => set({ noEnd: detail.checked, end: '' })}
                >
                  Sem data final
                </Checkbox>
              </FormField>
              <FormField label="Segundos por tela">
                <Input
                  data-testid="tv-rotate"
                  type="number"
                  value={form.rotateSeconds}
                  onChange={({ detail }) => set({ rotateSeconds: detail.value })}
                />
              </FormField>
            </ColumnLayout>
          </SpaceBetween>
        </Container>
      ),
    },
    {
      title: TV_STEP_TITLES[1],
      content: <TvProductsStep rows={form.rows} onRows={(rows) => set({ rows })} />,
    },
    {
      title: TV_STEP_TITLES[2],
      isOptional: true,
      content: (
        <Container
          header={
            <Header variant="h2" description="A categoria das ofertas desta TV.">
              Categoria
            </Header>
          }
        >
          <CategoryCascade
            tree={tree.data ?? []}
            loading={tree.isPending}
            value={form.categoryPath}
            maxDepth={5}
            onChange={(path) => set({ categoryPath: path })}
          />
        </Container>
      ),
    },
    {
      title: TV_STEP_TITLES[3],
      content: (
        <Container
          header={
            <Header variant="h2" description="As lojas onde a TV mostra as ofertas.">
              Lojas da campanha
            </Header>
          }
        >
          <StoreTransfer
            stores={(stores.data ?? []).map((s) => ({ id: s.id, name: s.name }))}
            loading={stores.isPending}
            value={form.stores}
            onChange={(ids) => set({ stores: ids })}
          />
        </Container>
      ),
    },
  ];

  return (
    <CampaignWizardFrame
      testId="tv-wizard"
      title={record ? 'Alterando Campanha' : 'Cadastrando Campanha'}
      steps={steps}
      activeStep={activeStep}
      saving={save.isPending}
      onNavigate={onNavigate}
      onSubmit={() => void submit()}
      list={LIST}
      {...(archived && record ? { archived: { at: record.archived_at, list: archivedListPath('TV') } } : {})}
    />
  );
}
