import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useController, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { useValidLeads } from '../../api/campaigns';
import { useStores } from '../../api/catalog';
import { useFollow } from '../../app/shell/use-follow';
import { errorMessage } from '../../components/form';
import type { Audience, CampaignFormValues } from './form-model';
import { StoreTransfer } from './store-transfer';

type Form = UseFormReturn<CampaignFormValues, unknown, CampaignFormValues>;

/** Step 2 'Lojas': the store transfer list; at least one store ('Selecione uma loja para a campanha!'). */
export function StoresStep({ control }: { control: Control<CampaignFormValues> }) {
  const stores = useStores();
  const { field, fieldState } = useController({ control, name: 'stores' });
  const message = errorMessage(fieldState.error);
  return (
    <Container
      header={
        <Header variant="h2" description="Escolha as lojas onde a campanha vale.">
          Lojas da campanha
        </Header>
      }
    >
      <FormField stretch errorText={message} data-testid="campaign-stores">
        <StoreTransfer
          stores={(stores.data ?? []).map((s) => ({ id: s.id, name: s.name }))}
          loading={stores.isPending}
          value={field.value.map((s) => s.id_store)}
          invalid={message !== undefined}
          onChange={(ids) => field.onChange(ids.map((id) => ({ id_store: id })))}
        />
      </FormField>
    </Container>
  );
}

/**
 * Step 3 'Clientes' (spec part 2 §2.1): 'Escolher Lead' (L) or the whole base; 'Segmentar' (S) is
 * shown disabled. With a lead, a select of the valid leads and, when editing, a link to the lead.
 */
export function AudienceStep({ form, editing }: { form: Form; editing: boolean }) {
  const { control } = form;
  const audience = useWatch({ control, name: 'audience' });
  const leads = useValidLeads(audience === 'L');
  const lead = useController({ control, name: 'id_lead' });
  const follow = useFollow();
  const options = (leads.data ?? []).map((l) => ({
    value: String(l.id),
    label: l.description,
    description:
      l.population === undefined ? undefined : `${l.population.toLocaleString('pt-BR')} cliente(s)`,
  }));
  const selected = lead.field.value
    ? (options.find((o) => o.value === lead.field.value) ?? {
        value: lead.field.value,
        label: `Lead ${lead.field.value}`,
      })
    : null;
  return (
    <Container
      header={
        <Header variant="h2" description="A quem a campanha se destina.">
          Clientes
        </Header>
      }
    >
      <SpaceBetween size="l">
        <RadioGroup
          data-testid="campaign-audience"
          value={audience}
          items={[
            { value: 'L', label: 'Escolher Lead' },
            { value: 'B', label: 'Toda a base de clientes' },
            { value: 'S', label: 'Segmentar', disabled: true, description: 'Em breve.' },
          ]}
          onChange={({ detail }) => {
            form.setValue('audience', detail.value as Audience, { shouldDirty: true });
            if (detail.value !== 'L') form.clearErrors('id_lead');
          }}
        />
        {audience === 'L' ? (
          <FormField label="Lead" errorText={errorMessage(lead.fieldState.error)} stretch>
            <SpaceBetween size="xs">
              <div style={{ maxWidth: 520 }}>
                <Select
                  data-testid="campaign-lead"
                  selectedOption={selected}
                  options={options}
                  filteringType="auto"
                  placeholder="Selecione o lead"
                  empty="Nenhum lead válido."
                  statusType={leads.isPending ? 'loading' : leads.isError ? 'error' : 'finished'}
                  loadingText="Carregando leads"
                  errorText="Não foi possível carregar os leads."
                  invalid={lead.fieldState.invalid}
                  onChange={({ detail }) => lead.field.onChange(detail.selectedOption.value ?? '')}
                />
              </div>
              {editing && lead.field.value ? (
                <Link
                  href={`/lead/edit/${lead.field.value}`}
                  onFollow={follow}
                  data-testid="campaign-lead-link"
                >
                  Abrir o lead {selected?.label ?? lead.field.value}
                </Link>
              ) : null}
            </SpaceBetween>
          </FormField>
        ) : (
          <Box color="text-body-secondary">A campanha vale para todos os clientes.</Box>
        )}
      </SpaceBetween>
    </Container>
  );
}
