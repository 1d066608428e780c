import Box from '@cloudscape-design/components/box';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import {
  createPartner,
  listPartners,
  updatePartner,
  type Partner,
  type PartnerQuery,
} from '../../api/catalog';
import { isValidCnpj } from '@freguesia/shared/domain/document';
import { maskCnpj, onlyDigits } from '@freguesia/shared/domain/masks';
import { MaskedInput } from '../../components/masked-input/masked-input';
import { formatDate } from './format';
import { FormModal } from '../../components/form';
import { useSaveForm } from './use-save-form';
import { PagedListTable } from './paged-list-table';
import { useDebounced, usePagedList } from './use-paged-list';

export const PARTNERS_PAGE_SIZE = 50;
export const PARTNER_CREATED = 'Fornecedor cadastrado com sucesso';
export const PARTNER_UPDATED = 'Fornecedor alterado com sucesso';

/** Supplier search fields (spec part 3 §2: reference, name, document). */
const FIELD_OPTIONS = [
  { value: '', label: 'Todos os campos' },
  { value: 'reference_code', label: 'Código' },
  { value: 'name', label: 'Nome' },
  { value: 'document', label: 'CNPJ' },
];

function PartnerForm({
  partner,
  onClose,
  onSaved,
}: {
  partner: Partner | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [reference, setReference] = useState(partner?.reference_code ?? '');
  const [name, setName] = useState(partner?.name ?? '');
  const [document, setDocument] = useState(maskCnpj(partner?.document ?? ''));
  const { errors, saving, submit } = useSaveForm(onSaved);

  function save() {
    const found: Record<string, string> = {};
    if (!reference.trim()) found.reference_code = 'Digite o código do fornecedor';
    if (!name.trim()) found.name = 'Digite o nome do fornecedor';
    if (onlyDigits(document) && !isValidCnpj(onlyDigits(document))) found.document = 'CNPJ inválido.';
    const body = {
      reference_code: reference.trim(),
      name: name.trim(),
      document: onlyDigits(document) || undefined,
    };
    return submit(found, () => (partner ? updatePartner({ ...body, id: partner.id }) : createPartner(body)), {
      success: partner ? PARTNER_UPDATED : PARTNER_CREATED,
      failureHeader: partner ? 'Erro ao alterar fornecedor' : 'Erro ao cadastrar fornecedor',
    });
  }

  return (
    <FormModal
      visible
      size="medium"
      title={partner ? 'Alterar fornecedor' : 'Novo fornecedor'}
      onDismiss={onClose}
      onSubmit={() => void save()}
      saving={saving}
      testId="partner-form"
    >
      <SpaceBetween size="l">
        <FormField label="Código *" errorText={errors.reference_code}>
          <Input
            value={reference}
            data-testid="partner-reference"
            onChange={({ detail }) => setReference(detail.value)}
          />
        </FormField>
        <FormField label="Nome *" errorText={errors.name}>
          <Input value={name} data-testid="partner-name" onChange={({ detail }) => setName(detail.value)} />
        </FormField>
        <FormField label="CNPJ" errorText={errors.document} constraintText="Opcional.">
          <MaskedInput
            mask="cnpj"
            value={document}
            placeholder="00.000.000/0000-00"
            data-testid="partner-document"
            onChange={setDocument}
          />
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}

/** /partners 'Fornecedores' (partners/suppliers; read Products): paged list with search; create and edit (write Products). */
export default function PartnersPage() {
  const [text, setText] = useState('');
  const [field, setField] = useState('');
  const q = useDebounced(text.trim());
  const list = usePagedList(
    listPartners,
    { q, field: q && field ? (field as PartnerQuery['field']) : undefined },
    PARTNERS_PAGE_SIZE,
  );
  const [editing, setEditing] = useState<{ partner: Partner | null; key: number } | null>(null);

  return (
    <ContentLayout header={<Header variant="h1">Fornecedores</Header>}>
      <PagedListTable<Partner>
        testId="partners-table"
        title="Lista de fornecedores"
        loadingText="Carregando fornecedores"
        list={list}
        subject="Products"
        newButton={{
          label: 'Novo fornecedor',
          testId: 'partner-new',
          onClick: () => setEditing({ partner: null, key: Date.now() }),
        }}
        fieldSelect={{ options: FIELD_OPTIONS, value: field, onChange: setField }}
        search={{
          text,
          onChange: setText,
          placeholder: 'Buscar fornecedores',
          ariaLabel: 'Buscar fornecedores',
          testId: 'partner-search',
        }}
        noun="fornecedor(es)"
        emptyText={q ? 'Nenhum fornecedor encontrado.' : 'Nenhum fornecedor cadastrado.'}
        columns={[
          { id: 'id', header: 'Id', width: 72, cell: (b) => b.id },
          { id: 'reference_code', header: 'Código', cell: (b) => b.reference_code },
          { id: 'name', header: 'Nome', cell: (b) => <Box fontWeight="bold">{b.name}</Box> },
          { id: 'document', header: 'CNPJ', cell: (b) => (b.document ? maskCnpj(b.document) : '-') },
          { id: 'created', header: 'Criado em', cell: (b) => formatDate(b.created_at) },
        ]}
        onEdit={(b) => setEditing({ partner: b, key: Date.now() })}
        editLabel={(b) => b.name}
      />
      {editing ? (
        <PartnerForm
          key={editing.key}
          partner={editing.partner}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.reload();
          }}
        />
      ) : null}
    </ContentLayout>
  );
}
