import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import { useState } from 'react';
import { useDebounced } from '../../components/table';
import { useTagSearch } from '../../api/tags';

/** A customer carries at most this many tags (the customer schema's limit). */
export const MAX_CUSTOMER_TAGS = 30;

/**
 * The tenant's tags to pick for a customer (stored as descriptions): searched while typing
 * (GET /web/tags/search?q), the customer's current tags always among the options, so a tag no
 * longer found (renamed meanwhile) can still be removed.
 */
export function TagsMultiselect({
  value,
  onChange,
  disabled,
  invalid,
  testId = 'customer-tags-select',
  controlId,
}: {
  value: readonly string[];
  onChange: (tags: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
  testId?: string;
  controlId?: string;
}) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed, 300);
  const search = useTagSearch(q, open);
  const found = search.data ?? [];
  const descriptions = [...new Set([...value, ...found.map((t) => t.description)])];
  const options: MultiselectProps.Option[] = descriptions.map((d) => ({ value: d, label: d }));
  const full = value.length >= MAX_CUSTOMER_TAGS;
  return (
    <Multiselect
      data-testid={testId}
      controlId={controlId}
      selectedOptions={value.map((d) => ({ value: d, label: d }))}
      options={options.map((o) => ({ ...o, disabled: full && !value.includes(o.value!) }))}
      onChange={({ detail }) => onChange(detail.selectedOptions.map((o) => o.value!).filter(Boolean))}
      filteringType="manual"
      filteringPlaceholder="Buscar tag"
      filteringAriaLabel="Buscar tag"
      onLoadItems={({ detail }) => setTyped(detail.filteringText)}
      onFocus={() => setOpen(true)}
      statusType={search.isFetching ? 'loading' : search.isError ? 'error' : 'finished'}
      loadingText="Buscando tags"
      errorText="Não foi possível buscar as tags."
      empty={typed ? 'Nenhuma tag encontrada.' : 'Nenhuma tag cadastrada.'}
      placeholder="Escolha as tags do cliente"
      deselectAriaLabel={(option) => `Remover ${option.label ?? ''}`}
      tokenLimit={8}
      i18nStrings={{ tokenLimitShowMore: 'Mostrar mais', tokenLimitShowFewer: 'Mostrar menos' }}
      disabled={disabled}
      invalid={invalid}
      keepOpen
    />
  );
}
