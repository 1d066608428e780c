import Multiselect, { type MultiselectProps } from '@cloudscape-design/components/multiselect';
import type { LookupSource } from '@freguesia/shared/segmentation/conditions';
import { useEffect, useMemo, useState } from 'react';
import { SEARCHED_SOURCES, useLookup, useLookupLabels } from '../../api/leads';
import { useDebounced } from '../../components/table';
import type { LookupItem } from './condition-model';

/** What the lookup's empty list says. */
const PROMPT: Partial<Record<LookupSource, string>> = {
  cities: 'Digite o nome da cidade',
  products: 'Digite a descrição ou o código da mercadoria',
  tags: 'Digite a tag',
  brands: 'Digite a marca',
  partners: 'Digite o fornecedor',
};

/**
 * The value input of a `lookup` operator: an async multiselect. Searched sources (cities,
 * products, tags, brands, partners) ask the server for what is typed, after a short pause; the
 * others (stores, channels, segments, purchase origins, categories, campaigns, leads) load their
 * list once and filter it here. Chosen items keep their names; a saved lead's ids get theirs when
 * the list (or, for products, brands and partners, each record) is known.
 */
export function LookupInput({
  source,
  value,
  onChange,
  onNames,
  invalid,
  testId,
  ariaLabel,
}: {
  source: LookupSource;
  value: LookupItem[];
  onChange: (items: LookupItem[]) => void;
  /** The same items with names found for their ids (not an edit by the user). */
  onNames: (items: LookupItem[]) => void;
  invalid?: boolean;
  testId?: string;
  ariaLabel?: string;
}) {
  const searched = SEARCHED_SOURCES.has(source);
  const [typed, setTyped] = useState('');
  const q = useDebounced(typed.trim(), 300);
  const [opened, setOpened] = useState(false);
  // A list source loads once its select is opened (or its saved items need their names).
  const needsNames = !searched && value.some((item) => item.label.startsWith('Código '));
  const lookup = useLookup(source, q, searched ? q.length > 0 : opened || needsNames);

  // Names of a saved lead's ids: from the loaded list, or (products, brands, partners) record by record.
  const unnamed = useMemo(
    () => value.filter((item) => item.label === `Código ${item.value}`).map((item) => item.value),
    [value],
  );
  const labels = useLookupLabels(source, searched ? unnamed : []);
  useEffect(() => {
    const known = new Map<string, string>();
    if (!searched) for (const option of lookup.data ?? []) known.set(option.value, option.label);
    for (const [id, label] of labels.data ?? []) known.set(id, label);
    if (!value.some((item) => known.has(item.value) && known.get(item.value) !== item.label)) return;
    onNames(value.map((item) => ({ ...item, label: known.get(item.value) ?? item.label })));
    // Only newly known names matter; `onNames` changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lookup.data, labels.data]);

  const options: MultiselectProps.Option[] = (lookup.data ?? []).map((o) => ({
    value: o.value,
    label: o.label,
    description: o.description,
  }));
  const statusType: MultiselectProps['statusType'] = lookup.isFetching
    ? 'loading'
    : lookup.isError
      ? 'error'
      : 'finished';
  const selected: MultiselectProps.Option[] = value.map((item) => ({ value: item.value, label: item.label }));

  return (
    <Multiselect
      data-testid={testId}
      ariaLabel={ariaLabel}
      selectedOptions={selected}
      options={options}
      invalid={invalid}
      placeholder={searched ? 'Buscar…' : 'Escolha um ou mais'}
      filteringType={searched ? 'manual' : 'auto'}
      filteringPlaceholder={searched ? (PROMPT[source] ?? 'Buscar') : 'Filtrar'}
      statusType={statusType}
      loadingText="Carregando…"
      errorText="Não foi possível carregar as opções."
      recoveryText="Tentar novamente"
      onLoadItems={({ detail }) => {
        setOpened(true);
        if (searched) setTyped(detail.filteringText);
        else if (detail.firstPage && lookup.isError) void lookup.refetch();
      }}
      empty={
        searched
          ? q
            ? 'Nenhum resultado encontrado.'
            : (PROMPT[source] ?? 'Digite para buscar')
          : 'Nenhuma opção disponível.'
      }
      deselectAriaLabel={(option) => `Remover ${option.label ?? ''}`}
      tokenLimit={5}
      i18nStrings={{ tokenLimitShowMore: 'Mostrar mais', tokenLimitShowFewer: 'Mostrar menos' }}
      onChange={({ detail }) =>
        onChange(
          detail.selectedOptions.map((option) => ({
            value: option.value ?? '',
            label: option.label ?? option.value ?? '',
          })),
        )
      }
    />
  );
}
