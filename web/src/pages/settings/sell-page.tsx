import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import Tabs from '@cloudscape-design/components/tabs';
import { coverageStates, SALE_MESSAGES } from '@freguesia/shared/domain/sales';
import { listStates } from '@freguesia/shared/domain/states';
import { useState } from 'react';
import { failureMessage } from '../../api/client';
import { useSaveSetting, useSettings } from '../../api/settings';
import { useCan } from '../../app/ability';
import { notify } from '../../app/notifications/notify';

const STATE_OPTIONS = listStates().map((s) => ({ value: s.uf, label: `${s.uf} — ${s.name}` }));

/** 'Controle de Cobertura': the states sales may go to (`sales_coverage_states`, a JSON list of UFs). */
function CoverageTab({ saved }: { saved: string }) {
  const canWrite = useCan('write', 'Settings');
  const save = useSaveSetting();
  const [states, setStates] = useState<string[]>(coverageStates(saved));
  const submit = async () => {
    try {
      await save.mutateAsync({ key: 'sales_coverage_states', value: JSON.stringify(states) });
      notify({ type: 'success', content: SALE_MESSAGES.coverageSaved });
    } catch (error) {
      notify({
        type: 'error',
        header: SALE_MESSAGES.coverageFailed,
        content: failureMessage(error, '') || undefined,
      });
    }
  };
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Vendas para clientes ou entregas fora destes estados ficam bloqueadas ('Cliente Bloqueado'). Sem estados, não há restrição."
          actions={
            canWrite && (
              <Button
                data-testid="coverage-save"
                variant="primary"
                loading={save.isPending}
                onClick={() => void submit()}
              >
                Salvar
              </Button>
            )
          }
        >
          Controle de Cobertura
        </Header>
      }
    >
      <FormField label="Estados atendidos">
        <Multiselect
          data-testid="coverage-states"
          selectedOptions={STATE_OPTIONS.filter((o) => states.includes(o.value))}
          options={STATE_OPTIONS}
          placeholder="Selecione os estados"
          filteringType="auto"
          disabled={!canWrite}
          onChange={({ detail }) => setStates(detail.selectedOptions.map((o) => o.value!))}
        />
      </FormField>
    </Container>
  );
}

/** /settings/sell 'Vendas' (read Settings; spec part 3 §2 Settings). */
export default function SellSettingsPage() {
  const settings = useSettings();
  return (
    <SpaceBetween size="l">
      <Header variant="h1">Vendas</Header>
      {settings.error ? (
        <Alert type="error">{failureMessage(settings.error)}</Alert>
      ) : !settings.data ? (
        <Spinner size="large" />
      ) : (
        <Tabs
          tabs={[
            {
              id: 'cobertura',
              label: 'Controle de Cobertura',
              content: <CoverageTab saved={settings.data.sales_coverage_states ?? ''} />,
            },
          ]}
        />
      )}
    </SpaceBetween>
  );
}
