import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useController, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useLuckyCampaign, useSaveLucky, type LuckyDetails } from '../../api/lucky';
import { notify } from '../../app/notifications/notify';
import { DateInput } from '../../components/date-input';
import { applyServerErrors, Field, TextField, ToggleField, useZodForm } from '../../components/form';
import { EMPTY_LUCKY, formOf, LuckyFormValues, payloadOf } from './lucky-model';

const LIST = '/campaign/lucky';
/** The payload's field names (server messages) → the form's. */
const SERVER_FIELDS: Readonly<Record<string, string>> = {
  description: 'description',
  start_at: 'start',
  end_at: 'end',
  'info.value': 'value',
  'info.series_quantity': 'series_quantity',
};

/**
 * /campaign/lucky/new and /campaign/lucky/edit/{id} (spec part 2 §2.3, §5, §8): description,
 * active, period (or 'Sem prazo final'), the value that earns a number, need_terms,
 * can_accumulate and series_quantity (1–100). After a save, back to /campaign/lucky.
 */
export default function LuckyFormPage() {
  const { id } = useParams();
  const editing = id !== undefined && Number(id) > 0;
  const record = useLuckyCampaign(editing ? id : undefined);
  if (editing && record.isPending) return <Spinner size="large" />;
  if (editing && record.isError)
    return (
      <Container>
        <Header variant="h2">Campanha não encontrada.</Header>
      </Container>
    );
  return <LuckyForm key={record.data?.updated_at ?? 'new'} existing={editing ? record.data : undefined} />;
}

function LuckyForm({ existing }: { existing: LuckyDetails | undefined }) {
  const navigate = useNavigate();
  const save = useSaveLucky();
  const form = useZodForm(LuckyFormValues, { defaultValues: existing ? formOf(existing) : EMPTY_LUCKY });
  const { control } = form;
  const noEnd = useWatch({ control, name: 'no_end' });
  const active = useController({ control, name: 'active' });

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(payloadOf(values, existing));
    } catch (error) {
      // A non-200 save shows no notice in the lucky editor (spec part 2 §8): the fields say what is wrong.
      applyServerErrors(
        error,
        ((name: string, e: { message?: string }) =>
          form.setError((SERVER_FIELDS[name] ?? name) as 'description', e)) as never,
        Object.keys(SERVER_FIELDS),
        (_field, message) => notify({ type: 'error', header: 'Ops!', content: message }),
      );
      return;
    }
    notify({
      type: 'success',
      content: existing ? 'Campanha alterada com sucesso' : 'Campanha cadastrada com sucesso',
    });
    navigate(LIST);
  });

  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <Form
        header={<Header variant="h1">{existing ? 'Alterando Campanha' : 'Cadastrando Campanha'}</Header>}
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" onClick={() => navigate(LIST)}>
              Cancelar
            </Button>
            <Button
              variant="primary"
              data-testid="lucky-save"
              loading={save.isPending}
              onClick={() => void submit()}
            >
              Salvar
            </Button>
          </SpaceBetween>
        }
      >
        <Container header={<Header variant="h2">Números da Sorte</Header>}>
          <SpaceBetween size="l">
            <ToggleField control={control} name="active" flag={['Y', 'N']} testId="lucky-active">
              {active.field.value === 'Y' ? 'Campanha Ativada' : 'Campanha Desativada'}
            </ToggleField>
            <TextField control={control} name="description" label="Descrição" testId="lucky-description" />
            <ColumnLayout columns={3}>
              <Field control={control} name="start" label="Início">
                {(field, invalid) => (
                  <DateInput
                    ref={field.ref}
                    data-testid="lucky-start"
                    ariaLabel="Data de início"
                    value={field.value}
                    invalid={invalid}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              </Field>
              {noEnd ? null : (
                <Field control={control} name="end" label="Fim">
                  {(field, invalid) => (
                    <DateInput
                      ref={field.ref}
                      data-testid="lucky-end"
                      ariaLabel="Data de fim"
                      value={field.value}
                      invalid={invalid}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                    />
                  )}
                </Field>
              )}
              <Field control={control} name="no_end" label={'\u00a0'}>
                {(field) => (
                  <Checkbox
                    checked={field.value}
                    data-testid="lucky-no-end"
                    onChange={({ detail }) => {
                      field.onChange(detail.checked);
                      form.setValue('end', '');
                      form.clearErrors('end');
                    }}
                  >
                    Sem prazo final
                  </Checkbox>
                )}
              </Field>
            </ColumnLayout>
            <ColumnLayout columns={2}>
              <TextField
                control={control}
                name="value"
                label="Valor (R$) para cada número"
                testId="lucky-value"
                input={{ inputMode: 'decimal', placeholder: '50,00' }}
              />
              <TextField
                control={control}
                name="series_quantity"
                label="Quantidade de séries (1 a 100, 100.000 números cada)"
                testId="lucky-series"
                input={{ inputMode: 'numeric' }}
              />
            </ColumnLayout>
            <ToggleField control={control} name="need_terms" flag={['Y', 'N']} testId="lucky-need-terms">
              Somente clientes que aceitaram os termos
            </ToggleField>
            <ToggleField control={control} name="can_accumulate" flag={['Y', 'N']} testId="lucky-accumulate">
              Acumular o saldo entre compras
            </ToggleField>
          </SpaceBetween>
        </Container>
      </Form>
    </form>
  );
}
