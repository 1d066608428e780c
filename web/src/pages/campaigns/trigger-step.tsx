import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Multiselect from '@cloudscape-design/components/multiselect';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { CAMPAIGN_MESSAGES } from '@freguesia/shared/schemas/campaign';
import { useMemo, useState, type ReactNode } from 'react';
import {
  useController,
  useFieldArray,
  useWatch,
  type Control,
  type FieldPath,
  type UseFormReturn,
} from 'react-hook-form';
import { useCampaignPaymentMethods, type Product } from '../../api/campaigns';
import { useAllBrands, useCategoryTree } from '../../api/catalog';
import { notify } from '../../app/notifications/notify';
import { errorMessage, SelectField, TextField } from '../../components/form';
import { GroupsEditor } from './groups-editor';
import {
  canPickProducts,
  categoryPathOptions,
  dynamicNeeds,
  dynamicOf,
  dynamicOptions,
  joinCategories,
  newProductRows,
  splitCategories,
  takesDiscountRows,
  type CampaignFormValues,
} from './form-model';
import { ProductImport } from './product-import';
import { ProductPicker } from './product-picker';
import { ProductRows } from './product-rows';

type Form = UseFormReturn<CampaignFormValues, unknown, CampaignFormValues>;
type Control_ = Control<CampaignFormValues>;

const REQUISITE_OPTIONS = [
  { value: 'any', label: 'Qualquer um dos produtos gatilho' },
  { value: 'all', label: 'Todos os produtos gatilho' },
];

/** A money or percentage text field of the form. */
function NumberField({
  control,
  name,
  label,
  testId,
  description,
}: {
  control: Control_;
  name: FieldPath<CampaignFormValues>;
  label: string;
  testId?: string;
  description?: ReactNode;
}) {
  return (
    <TextField
      control={control}
      name={name}
      label={label}
      description={description}
      testId={testId}
      input={{ inputMode: 'decimal', placeholder: '0' }}
    />
  );
}

/** The progressive steps (dynamics 9, 10): from an amount (and a quantity) the value is … */
function TiersEditor({ control, percent }: { control: Control_; percent: boolean }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'info.tiers' });
  return (
    <FormField
      label="Faixas progressivas"
      description="A partir do valor (e da quantidade) da faixa, vale o desconto dela; a maior faixa alcançada vale."
      stretch
    >
      <SpaceBetween size="s">
        {fields.map((tier, index) => (
          <ColumnLayout key={tier.id} columns={4}>
            <NumberField control={control} name={`info.tiers.${index}.min_amount`} label="A partir de (R$)" />
            <NumberField
              control={control}
              name={`info.tiers.${index}.min_quantity`}
              label="Quantidade mínima"
            />
            <NumberField
              control={control}
              name={`info.tiers.${index}.value`}
              label={percent ? 'Desconto (%)' : 'Desconto (R$)'}
            />
            <Box padding={{ top: 'l' }}>
              <Button
                formAction="none"
                iconName="remove"
                variant="icon"
                ariaLabel={`Remover a faixa ${index + 1}`}
                onClick={() => remove(index)}
              />
            </Box>
          </ColumnLayout>
        ))}
        <Button
          formAction="none"
          iconName="add-plus"
          onClick={() => append({ min_amount: '', min_quantity: '', value: '' })}
        >
          Adicionar faixa
        </Button>
      </SpaceBetween>
    </FormField>
  );
}

/** The campaign's dynamic and what it needs (value, X, Y or free units, steps). */
function RuleSection({ control }: { control: Control_ }) {
  const [type, infoType] = useWatch({ control, name: ['type', 'info.type'] });
  const dyn = dynamicOf(infoType);
  const needs = dynamicNeeds(dyn);
  const goods = type === 'D';
  const combo = type === 'DG';
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={
            goods
              ? 'A dinâmica e os valores abaixo são aplicados aos produtos adicionados; cada produto pode ser ajustado na lista.'
              : 'A regra de desconto da campanha.'
          }
        >
          Dinâmica do desconto
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={3}>
          <SelectField
            control={control}
            name="info.type"
            label="Dinâmica"
            testId="campaign-dynamic"
            options={dynamicOptions(type)}
            select={{ placeholder: 'Selecione a dinâmica' }}
          />
          {needs.value !== null ? (
            <NumberField
              control={control}
              name="info.value"
              label={needs.valueLabel}
              testId="campaign-value"
            />
          ) : null}
          {combo ? (
            <NumberField
              control={control}
              name="info.trigger_quantity"
              label="Quantidade gatilho"
              testId="campaign-trigger-quantity"
            />
          ) : needs.take ? (
            <NumberField
              control={control}
              name="info.trigger_quantity"
              label={needs.takeLabel}
              testId="campaign-trigger-quantity"
            />
          ) : null}
          {combo ? (
            <NumberField
              control={control}
              name="info.discount_quantity"
              label="Quantidade com desconto"
              testId="campaign-discount-quantity"
            />
          ) : needs.pay && goods ? (
            <NumberField
              control={control}
              name="default_pay"
              label="Pague (Y)"
              testId="campaign-default-pay"
            />
          ) : needs.pay ? (
            <NumberField
              control={control}
              name="info.discount_quantity"
              label="Unidades grátis (X − Y)"
              testId="campaign-discount-quantity"
            />
          ) : null}
        </ColumnLayout>
        {needs.tiers ? <TiersEditor control={control} percent={dyn === 9} /> : null}
      </SpaceBetween>
    </Container>
  );
}

/** DBP: the payment methods, shown 'id - description'. */
function PaymentsField({ control }: { control: Control_ }) {
  const payments = useCampaignPaymentMethods();
  const { field, fieldState } = useController({ control, name: 'payments' });
  const options = (payments.data ?? []).map((p) => ({
    value: String(p.id),
    label: `${p.id} - ${p.description}`,
  }));
  const chosen = new Set(field.value.map((p) => String(p.id_payment_method)));
  return (
    <FormField label="Formas de pagamento" errorText={errorMessage(fieldState.error)} stretch>
      <Multiselect
        data-testid="campaign-payments"
        selectedOptions={options.filter((o) => chosen.has(o.value))}
        options={options}
        filteringType="auto"
        placeholder="Selecione as formas de pagamento"
        statusType={payments.isPending ? 'loading' : 'finished'}
        loadingText="Carregando formas de pagamento"
        invalid={fieldState.invalid}
        onChange={({ detail }) =>
          field.onChange(
            detail.selectedOptions.map((o) => ({ id_payment_method: Number(o.value), factor: 1 })),
          )
        }
      />
    </FormField>
  );
}

/** DBRANDS: the brands. */
function BrandsField({ control }: { control: Control_ }) {
  const brands = useAllBrands();
  const { field, fieldState } = useController({ control, name: 'brands' });
  const options = (brands.data ?? []).map((b) => ({
    value: String(b.id),
    label: b.description,
    tags: [b.reference_code],
  }));
  const chosen = new Set(field.value.map((b) => String(b.id_brand)));
  return (
    <FormField label="Marcas" errorText={errorMessage(fieldState.error)} stretch>
      <Multiselect
        data-testid="campaign-brands"
        selectedOptions={options.filter((o) => chosen.has(o.value))}
        options={options}
        filteringType="auto"
        placeholder="Selecione as marcas"
        statusType={brands.isPending ? 'loading' : 'finished'}
        loadingText="Carregando marcas"
        invalid={fieldState.invalid}
        onChange={({ detail }) =>
          field.onChange(detail.selectedOptions.map((o) => ({ id_brand: Number(o.value) })))
        }
      />
    </FormField>
  );
}

/** DC: the categories, each as its path in the tree. */
function CategoriesField({ control }: { control: Control_ }) {
  const tree = useCategoryTree();
  const { field, fieldState } = useController({ control, name: 'info.categories' });
  const options = useMemo(() => categoryPathOptions(tree.data ?? []), [tree.data]);
  const chosen = new Set(splitCategories(field.value));
  return (
    <FormField
      label="Categorias"
      description="Uma categoria inclui as que estão abaixo dela."
      errorText={errorMessage(fieldState.error)}
      stretch
    >
      <Multiselect
        data-testid="campaign-categories"
        selectedOptions={options.filter((o) => chosen.has(o.value))}
        options={options}
        filteringType="auto"
        placeholder="Selecione as categorias"
        statusType={tree.isPending ? 'loading' : 'finished'}
        loadingText="Carregando categorias"
        invalid={fieldState.invalid}
        onChange={({ detail }) =>
          field.onChange(joinCategories(detail.selectedOptions.map((o) => o.value ?? '')))
        }
      />
    </FormField>
  );
}

/** The products of the campaign: discount rows (D, DG) and trigger rows (requisites, every type). */
function ProductsSection({ form }: { form: Form }) {
  const { control } = form;
  const type = useWatch({ control, name: 'type' });
  const info = useWatch({ control, name: 'info' });
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'products' });
  const { fieldState } = useController({ control, name: 'products' });
  const discountRows = takesDiscountRows(type);
  const [addingChoice, setAdding] = useState<'T' | 'D'>('D');
  const adding = discountRows ? addingChoice : 'T';
  const [picking, setPicking] = useState(false);
  const ready = canPickProducts({ type, info }, adding);
  const rootError =
    errorMessage((fieldState.error as { root?: unknown } | undefined)?.root) ?? fieldState.error?.message;

  const add = (products: readonly Pick<Product, 'code' | 'description' | 'pack' | 'regular_price'>[]) => {
    const { rows, duplicates } = newProductRows(products, form.getValues(), adding);
    if (rows.length > 0) append(rows);
    for (const code of duplicates.slice(0, 3))
      notify({ type: 'warning', content: CAMPAIGN_MESSAGES.duplicateCode(code), timeout: 10_000 });
    return { added: rows.length, duplicates };
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          counter={`(${fields.length.toLocaleString('pt-BR')})`}
          description={
            discountRows
              ? 'Produtos com desconto recebem a dinâmica; produtos gatilho são requisitos da compra.'
              : 'Produtos gatilho (opcional): a campanha só vale quando a compra os tiver.'
          }
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <ProductImport
                disabled={!ready}
                existingCodes={() =>
                  new Set(
                    form
                      .getValues('products')
                      .filter((p) => p.trigger_discount === adding)
                      .map((p) => p.code),
                  )
                }
                onRows={add}
              />
              {ready ? (
                <Button
                  formAction="none"
                  variant="primary"
                  iconName="search"
                  data-testid="campaign-pick-products"
                  onClick={() => setPicking(true)}
                >
                  Selecionar produtos
                </Button>
              ) : null}
            </SpaceBetween>
          }
        >
          Produtos
        </Header>
      }
    >
      <SpaceBetween size="m">
        <SpaceBetween direction="horizontal" size="xxl">
          {discountRows ? (
            <FormField label="Adicionar como">
              <RadioGroup
                data-testid="campaign-adding"
                direction="horizontal"
                value={adding}
                items={[
                  { value: 'D', label: 'Produtos com desconto' },
                  { value: 'T', label: 'Produtos gatilho (requisito)' },
                ]}
                onChange={({ detail }) => setAdding(detail.value as 'T' | 'D')}
              />
            </FormField>
          ) : null}
          {adding === 'T' || fields.some((f) => f.trigger_discount === 'T') ? (
            <div style={{ minWidth: 320 }}>
              <SelectField
                control={control}
                name="info.requisite"
                label="Requisito dos produtos gatilho"
                options={REQUISITE_OPTIONS}
                stretch
              />
            </div>
          ) : null}
        </SpaceBetween>
        {!ready && adding === 'D' ? (
          <Alert type="info" data-testid="campaign-pick-hint">
            Escolha a dinâmica e informe um valor positivo para selecionar os produtos.
          </Alert>
        ) : null}
        {rootError ? (
          <Box color="text-status-error" data-testid="campaign-products-error">
            {rootError}
          </Box>
        ) : null}
        <ProductRows
          control={control}
          type={type}
          fields={fields}
          onRemove={remove}
          onRemoveAll={() => replace([])}
        />
      </SpaceBetween>
      {picking ? (
        <ProductPicker
          adding={adding}
          rule={{ dynamic: dynamicOf(info.type), value: info.value }}
          onDismiss={() => setPicking(false)}
          onAdd={(products) => {
            setPicking(false);
            const { added } = add(products);
            if (added > 0)
              notify({
                type: 'success',
                content: `${added.toLocaleString('pt-BR')} produto(s) adicionado(s).`,
              });
          }}
        />
      ) : null}
    </Container>
  );
}

/**
 * Step 4 'Gatilho' (spec part 2 §2.1, §3 'Discount info', §5): the dynamic and its values, what the
 * type discounts (payment methods, categories, brands, combo groups), the product rows with the
 * picker and the file import, and the campaign's limits.
 */
export function TriggerStep({ form }: { form: Form }) {
  const { control } = form;
  const type = useWatch({ control, name: 'type' });
  return (
    <SpaceBetween size="l">
      <RuleSection control={control} />
      {type === 'DBP' ? (
        <Container header={<Header variant="h2">Formas de pagamento</Header>}>
          <PaymentsField control={control} />
        </Container>
      ) : null}
      {type === 'DC' ? (
        <Container header={<Header variant="h2">Categorias</Header>}>
          <CategoriesField control={control} />
        </Container>
      ) : null}
      {type === 'DBRANDS' ? (
        <Container header={<Header variant="h2">Marcas</Header>}>
          <BrandsField control={control} />
        </Container>
      ) : null}
      {type === 'DG' ? <GroupsEditor control={control} /> : null}
      <ProductsSection form={form} />
      <Container>
        <ExpandableSection headerText="Limites e orçamento" variant="footer">
          <ColumnLayout columns={3}>
            <NumberField
              control={control}
              name="info.value_max_deduct"
              label="Desconto máximo por compra (R$)"
              description="0 ou vazio: sem limite."
            />
            <NumberField
              control={control}
              name="info.customer_limit"
              label="Compras com desconto por cliente"
              description="0 ou vazio: sem limite."
            />
            <NumberField
              control={control}
              name="info.budget"
              label="Orçamento da campanha (R$)"
              description="0 ou vazio: sem orçamento."
            />
          </ColumnLayout>
        </ExpandableSection>
      </Container>
    </SpaceBetween>
  );
}
