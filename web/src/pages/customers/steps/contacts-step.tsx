import AttributeEditor from '@cloudscape-design/components/attribute-editor';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import { maskCellphone, maskPhone } from '@freguesia/shared/domain/masks';
import { useController, useFieldArray, useFormState } from 'react-hook-form';
import { MaskedInput } from '../../../components/masked-input/masked-input';
import { CONTACT_TYPE_OPTIONS, newContact } from '../form-model';
import type { FormControl, StepProps } from './step-props';

/** One control of a contact row, bound to `contacts.{index}.{field}`. */
function ContactControl({
  control,
  index,
  field,
}: {
  control: FormControl;
  index: number;
  field: 'name' | 'email' | 'telephone' | 'cellphone' | 'type';
}) {
  const { field: bound } = useController({ control, name: `contacts.${index}.${field}` });
  const testId = `contact-${index}-${field}`;
  if (field === 'telephone' || field === 'cellphone') {
    const cell = field === 'cellphone';
    return (
      <MaskedInput
        data-testid={testId}
        mask={cell ? maskCellphone : maskPhone}
        value={bound.value}
        placeholder={cell ? '(00) 0.0000-0000' : '(00) 0000-0000'}
        onChange={bound.onChange}
      />
    );
  }
  if (field === 'type') {
    return (
      <Select
        data-testid={testId}
        selectedOption={CONTACT_TYPE_OPTIONS.find((o) => o.value === bound.value) ?? null}
        options={CONTACT_TYPE_OPTIONS}
        placeholder="Escolha o tipo"
        onChange={({ detail }) => bound.onChange(detail.selectedOption.value ?? '')}
      />
    );
  }
  return (
    <Input
      data-testid={testId}
      type={field === 'email' ? 'email' : undefined}
      value={bound.value}
      onChange={({ detail }) => bound.onChange(detail.value)}
    />
  );
}

/** 4. 'Contatos': the customer's contact people, one editable row each. */
export function ContactsStep({ control }: StepProps) {
  const contacts = useFieldArray({ control, name: 'contacts' });
  const { errors } = useFormState({ control, name: 'contacts' });
  const error = (index: number, field: 'name' | 'email' | 'telephone' | 'cellphone' | 'type') =>
    errors.contacts?.[index]?.[field]?.message;
  const column = (label: string, field: 'name' | 'email' | 'telephone' | 'cellphone' | 'type') => ({
    label,
    control: (_c: unknown, i: number) => <ContactControl control={control} index={i} field={field} />,
    errorText: (_c: unknown, i: number) => error(i, field),
  });
  return (
    <Container
      header={
        <Header variant="h2" description="Pessoas de contato do cliente (opcional).">
          Contatos
        </Header>
      }
    >
      <AttributeEditor
        data-testid="customer-contacts"
        items={contacts.fields}
        addButtonText="Adicionar contato"
        removeButtonText="Remover"
        empty={<Box color="text-body-secondary">Nenhum contato cadastrado.</Box>}
        onAddButtonClick={() => contacts.append(newContact())}
        onRemoveButtonClick={({ detail }) => contacts.remove(detail.itemIndex)}
        i18nStrings={{
          errorIconAriaLabel: 'Erro',
          itemRemovedAriaLive: 'Contato removido',
          removeButtonAriaLabel: (c) => `Remover ${c.name || 'contato'}`,
        }}
        definition={[
          column('Nome *', 'name'),
          column('E-mail', 'email'),
          column('Telefone', 'telephone'),
          column('Celular', 'cellphone'),
          column('Tipo *', 'type'),
        ]}
      />
    </Container>
  );
}
