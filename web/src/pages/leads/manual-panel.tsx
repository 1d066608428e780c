import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { documentDigits } from '@freguesia/shared/domain/document';
import { maskDocument, maskPhone } from '@freguesia/shared/domain/masks';
import { useState } from 'react';
import { listCustomers, type CustomerListItem } from '../../api/customers';
import { EMPTY } from '../../components/format';

export const MANUAL_MESSAGES = {
  emptySearch: 'Nenhum texto de busca informado',
  notFound: 'Nenhum cliente encontrado.',
  duplicate: 'Esse cliente ja foi adicionado na lista',
  ambiguous: 'Mais de um cliente encontrado; informe o CPF ou CNPJ completo.',
  searchFailed: 'Não foi possível buscar o cliente. Tente novamente.',
} as const;

export const ADDED_TITLE = 'Clientes Adicionados';

export interface ManualCustomer {
  id_customer: number;
  document: string;
  fullname: string;
  email: string | null;
  cellphone: string | null;
  /** Loaded with the saved lead (removable only when the whole list was loaded). */
  saved?: boolean;
}

/**
 * The customer a search for `text` adds: the one whose document is exactly the typed digits,
 * else the only one found; a message otherwise (spec part 1 §5 'Lead' wording).
 */
export function pickCustomer(
  text: string,
  found: readonly CustomerListItem[],
  added: readonly { id_customer: number }[],
): { customer: CustomerListItem } | { message: string } {
  const digits = documentDigits(text);
  const exact = digits
    ? found.find(
        (c) =>
          documentDigits(c.document) === digits ||
          documentDigits(c.document) === digits.padStart(c.document.length, '0'),
      )
    : undefined;
  const customer = exact ?? (found.length === 1 ? found[0] : undefined);
  if (!customer)
    return { message: found.length === 0 ? MANUAL_MESSAGES.notFound : MANUAL_MESSAGES.ambiguous };
  if (added.some((c) => c.id_customer === customer.id)) return { message: MANUAL_MESSAGES.duplicate };
  return { customer };
}

/** The manual list (M): type a document, 'Adicionar', and the table 'Clientes Adicionados'. */
export function ManualPanel({
  customers,
  onChange,
  errorText,
  partial,
}: {
  customers: ManualCustomer[];
  onChange: (customers: ManualCustomer[]) => void;
  errorText?: string;
  /** The saved lead has more members than were loaded: those stay and cannot be removed here. */
  partial: boolean;
}) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState<string>();
  const [searching, setSearching] = useState(false);

  const add = async () => {
    const typed = text.trim();
    if (!typed) {
      setMessage(MANUAL_MESSAGES.emptySearch);
      return;
    }
    setSearching(true);
    setMessage(undefined);
    try {
      const digits = documentDigits(typed);
      const page = await listCustomers({ page: 1, q: digits.length >= 11 ? digits : typed, perPage: 10 });
      const picked = pickCustomer(typed, page.data, customers);
      if ('message' in picked) {
        setMessage(picked.message);
        return;
      }
      const c = picked.customer;
      onChange([
        ...customers,
        {
          id_customer: c.id,
          document: c.document,
          fullname: c.fullname,
          email: c.email,
          cellphone: c.cellphone,
        },
      ]);
      setText('');
    } catch {
      setMessage(MANUAL_MESSAGES.searchFailed);
    } finally {
      setSearching(false);
    }
  };

  return (
    <SpaceBetween size="m">
      <FormField
        label="Documento do cliente"
        description="CPF ou CNPJ do cliente a incluir no lead."
        errorText={message ?? (customers.length === 0 ? errorText : undefined)}
      >
        <SpaceBetween direction="horizontal" size="xs">
          <div style={{ minWidth: 260 }}>
            <Input
              data-testid="lead-manual-document"
              value={text}
              placeholder="000.000.000-00"
              inputMode="numeric"
              ariaLabel="Documento do cliente"
              onChange={({ detail }) => {
                setText(detail.value);
                setMessage(undefined);
              }}
              onKeyDown={(event) => {
                // Enter adds the customer here instead of submitting the lead form.
                if (event.detail.key !== 'Enter') return;
                event.preventDefault();
                void add();
              }}
            />
          </div>
          <Button
            formAction="none"
            data-testid="lead-manual-add"
            iconName="add-plus"
            loading={searching}
            onClick={() => void add()}
          >
            Adicionar
          </Button>
        </SpaceBetween>
      </FormField>
      <Table<ManualCustomer>
        data-testid="lead-manual-table"
        variant="embedded"
        trackBy="id_customer"
        items={customers}
        header={
          <Header
            counter={`(${customers.length.toLocaleString('pt-BR')})`}
            description={
              partial ? 'Mostrando os primeiros clientes do lead; os demais são mantidos.' : undefined
            }
          >
            {ADDED_TITLE}
          </Header>
        }
        empty={<Box textAlign="center">Nenhum cliente adicionado.</Box>}
        columnDefinitions={[
          { id: 'fullname', header: 'Nome', cell: (c) => c.fullname, isRowHeader: true },
          { id: 'document', header: 'CPF/CNPJ', cell: (c) => maskDocument(c.document) },
          { id: 'email', header: 'E-mail', cell: (c) => c.email || EMPTY },
          { id: 'cellphone', header: 'Celular', cell: (c) => (c.cellphone ? maskPhone(c.cellphone) : EMPTY) },
          {
            id: 'remove',
            header: 'Opções',
            cell: (c) => (
              <Button
                formAction="none"
                variant="icon"
                iconName="remove"
                ariaLabel={`Remover ${c.fullname}`}
                disabled={partial && c.saved}
                disabledReason={
                  partial && c.saved
                    ? 'Clientes já salvos em um lead grande não são removidos por aqui.'
                    : undefined
                }
                onClick={() => onChange(customers.filter((other) => other.id_customer !== c.id_customer))}
              />
            ),
          },
        ]}
      />
    </SpaceBetween>
  );
}
