import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileInput from '@cloudscape-design/components/file-input';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { formatMoney, parseMoney, centsToNumber, numberToCents } from '@freguesia/shared/domain/money';
import { TV_MESSAGES, tvManualRow, tvShownPrice, type TvRow } from '@freguesia/shared/schemas/tv';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { findProductByCode } from '../../../api/campaigns';
import { useStores } from '../../../api/catalog';
import { failureMessage } from '../../../api/client';
import { tenantKey } from '../../../api/query';
import { tvPrices } from '../../../api/tv';
import { notify } from '../../../app/notifications/notify';
import { ProductPicker } from '../product-picker';
import { downloadTvTemplate, importTvRows, readTvSheet } from './tv-import';

const money = (reais: number | null) => (reais === null ? '' : formatMoney(numberToCents(reais) ?? 0));

/**
 * Step 2 'Produtos' of the TV wizard (spec part 2 §2.2, §5): a store to simulate the prices
 * ('Selecione uma loja para simular os preços' before searching, importing or typing a code), the
 * product search modal, the Excel import with its Template, the manual row (code + Enter looks the
 * product up; product, packaging, club price, 'Tela cheia'), and the rows with the price the
 * screen will show at that store.
 */
export function TvProductsStep({ rows, onRows }: { rows: TvRow[]; onRows: (rows: TvRow[]) => void }) {
  const stores = useStores();
  const [store, setStore] = useState<number | undefined>(undefined);
  const [picking, setPicking] = useState(false);
  const [importing, setImporting] = useState(false);
  const [code, setCode] = useState('');
  const [manual, setManual] = useState<TvRow | null>(null);
  const [club, setClub] = useState('');
  const [fullScreen, setFullScreen] = useState(false);
  const codes = rows.map((r) => r.code);
  const prices = useQuery({
    queryKey: tenantKey('tv', 'prices', store ?? 0, codes.join(',')),
    queryFn: () => tvPrices(store!, codes),
    enabled: store !== undefined && codes.length > 0,
  });

  const needStore = (): number | undefined => {
    if (store === undefined) notify({ type: 'error', header: 'Ops!', content: TV_MESSAGES.simulationStore });
    return store;
  };
  const add = (added: TvRow[]) => {
    const have = new Set(rows.map((r) => r.code));
    const fresh: TvRow[] = [];
    for (const row of added) {
      if (have.has(row.code)) {
        notify({ type: 'warning', content: TV_MESSAGES.duplicate(row.code) });
        continue;
      }
      have.add(row.code);
      fresh.push(row);
    }
    onRows([...rows, ...fresh]);
    return fresh.length;
  };

  const lookUp = async () => {
    const at = needStore();
    const typed = code.trim();
    if (at === undefined || !typed) return;
    try {
      const product = await findProductByCode(typed, at);
      if (!product) notify({ type: 'info', content: TV_MESSAGES.unknownProduct });
      setManual(
        tvManualRow(
          typed,
          product
            ? { code: product.code, description: product.description, pack: product.pack, url: product.url }
            : null,
          null,
        ),
      );
    } catch (error) {
      notify({ type: 'error', content: failureMessage(error) });
    }
  };

  const addManual = () => {
    if (!manual) return;
    const cents = club.trim() ? parseMoney(club) : undefined;
    if (club.trim() && cents === undefined) {
      notify({
        type: 'error',
        header: 'Ops!',
        content: 'Preço clube inválido: use R$ com até 2 casas decimais.',
      });
      return;
    }
    add([{ ...manual, price: cents === undefined ? null : centsToNumber(cents), type: fullScreen ? 2 : 1 }]);
    setManual(null);
    setCode('');
    setClub('');
    setFullScreen(false);
  };

  const importFile = async (file: File) => {
    const at = needStore();
    if (at === undefined) return;
    setImporting(true);
    try {
      const sheet = await readTvSheet(file);
      const result = await importTvRows(sheet, at, new Set(codes));
      if (result.unknown.length > 0)
        notify({
          type: 'info',
          header: TV_MESSAGES.unknownProduct,
          content:
            result.unknown.slice(0, 10).join(', ') +
            (result.unknown.length > 10 ? ` e mais ${result.unknown.length - 10}` : ''),
        });
      result.duplicates
        .slice(0, 5)
        .forEach((c) => notify({ type: 'warning', content: TV_MESSAGES.duplicate(c) }));
      const added = add(result.rows);
      notify({ type: 'success', content: `Importação concluída, adicionados ${added} / ${sheet.length}.` });
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro na importação',
        content: error instanceof Error ? error.message : failureMessage(error),
      });
    } finally {
      setImporting(false);
    }
  };

  const storeOptions = (stores.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  const update = (code: string, patch: Partial<TvRow>) =>
    onRows(rows.map((r) => (r.code === code ? { ...r, ...patch } : r)));

  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Loja para simular os preços</Header>}>
        <FormField
          label="Loja"
          description="Os preços de cada produto são os desta loja hoje, com as campanhas de desconto em andamento."
        >
          <Select
            data-testid="tv-simulation-store"
            placeholder={TV_MESSAGES.simulationStore}
            selectedOption={storeOptions.find((o) => o.value === String(store)) ?? null}
            options={storeOptions}
            statusType={stores.isPending ? 'loading' : 'finished'}
            onChange={({ detail }) => setStore(Number(detail.selectedOption.value))}
          />
        </FormField>
      </Container>
      <Container
        header={
          <Header
            variant="h2"
            counter={`(${rows.length})`}
            actions={
              <SpaceBetween direction="horizontal" size="xs">
                <Button
                  data-testid="tv-search"
                  iconName="search"
                  onClick={() => needStore() !== undefined && setPicking(true)}
                >
                  Buscar produtos
                </Button>
                <Button iconName="download" onClick={() => void downloadTvTemplate()}>
                  Template
                </Button>
                <FileInput
                  value={[]}
                  accept=".xlsx,.xls"
                  ariaLabel="Importar planilha de produtos"
                  data-testid="tv-import"
                  onChange={({ detail }) => {
                    const file = detail.value[0];
                    if (file && !importing) void importFile(file);
                  }}
                >
                  {importing ? 'Importando…' : 'Importar planilha'}
                </FileInput>
              </SpaceBetween>
            }
          >
            Produtos da TV
          </Header>
        }
      >
        <SpaceBetween size="m">
          <SpaceBetween direction="horizontal" size="s" alignItems="end">
            <FormField label="Código">
              <Input
                data-testid="tv-code"
                value={code}
                placeholder="EAN + Enter"
                onChange={({ detail }) => setCode(detail.value.replace(/\D/g, '').slice(0, 14))}
                onKeyDown={({ detail }) => {
                  if (detail.key === 'Enter') void lookUp();
                }}
              />
            </FormField>
            <FormField label="Produto">
              <Input data-testid="tv-manual-description" value={manual?.description ?? ''} readOnly />
            </FormField>
            <FormField label="Embalagem">
              <Input
                data-testid="tv-manual-pack"
                type="number"
                value={manual ? String(manual.qt_packing) : ''}
                disabled={!manual}
                onChange={({ detail }) =>
                  manual && setManual({ ...manual, qt_packing: Math.max(1, Number(detail.value) || 1) })
                }
              />
            </FormField>
            <FormField label="Preço clube">
              <Input
                data-testid="tv-manual-price"
                value={club}
                placeholder="R$ 0,00"
                disabled={!manual}
                onChange={({ detail }) => setClub(detail.value.replace(/[^\d,]/g, ''))}
                onBlur={() => {
                  const cents = parseMoney(club);
                  if (cents !== undefined) setClub(formatMoney(cents, { symbol: false }));
                }}
              />
            </FormField>
            <Toggle
              data-testid="tv-manual-full"
              checked={fullScreen}
              disabled={!manual}
              onChange={({ detail }) => setFullScreen(detail.checked)}
            >
              Tela cheia
            </Toggle>
            <Button data-testid="tv-manual-add" disabled={!manual} onClick={addManual}>
              Adicionar
            </Button>
          </SpaceBetween>
          <Table
            data-testid="tv-rows"
            variant="embedded"
            items={rows}
            trackBy="code"
            empty={<Box color="text-body-secondary">Nenhum produto adicionado.</Box>}
            columnDefinitions={[
              { id: 'code', header: 'Código', cell: (r) => r.code },
              { id: 'description', header: 'Produto', cell: (r) => r.description, isRowHeader: true },
              { id: 'pack', header: 'Embalagem', cell: (r) => r.qt_packing },
              { id: 'club', header: 'Preço clube', cell: (r) => money(r.price) },
              {
                id: 'shown',
                header: 'Preço na TV',
                cell: (r) => {
                  if (store === undefined) return '—';
                  const p = prices.data?.get(r.code);
                  if (!p) return prices.isFetching ? '…' : '—';
                  // Not in the catalogue: never on the screen (as the screen itself decides).
                  if (p.description === null) return 'Não exibido';
                  const shown = tvShownPrice(r.price === null ? null : (numberToCents(r.price) ?? null), p);
                  if (!shown) return '—';
                  return (
                    <span data-testid={`tv-shown-${r.code}`}>
                      {shown.before !== null ? <s>{formatMoney(shown.before)}</s> : null}{' '}
                      <b>{formatMoney(shown.now)}</b>
                    </span>
                  );
                },
              },
              {
                id: 'full',
                header: 'Tela cheia',
                cell: (r) => (
                  <Toggle
                    ariaLabel={`Tela cheia ${r.code}`}
                    checked={r.type === 2}
                    onChange={({ detail }) => update(r.code, { type: detail.checked ? 2 : 1 })}
                  />
                ),
              },
              {
                id: 'remove',
                header: '',
                cell: (r) => (
                  <Button
                    variant="icon"
                    iconName="remove"
                    ariaLabel={`Remover ${r.code}`}
                    onClick={() => onRows(rows.filter((x) => x.code !== r.code))}
                  />
                ),
              },
            ]}
          />
        </SpaceBetween>
      </Container>
      {picking ? (
        <ProductPicker
          adding="D"
          rule={{ dynamic: null, value: '' }}
          onDismiss={() => setPicking(false)}
          onAdd={(products) => {
            add(
              products.map((p) =>
                tvManualRow(
                  p.code,
                  { code: p.code, description: p.description, pack: p.pack, url: p.url },
                  null,
                ),
              ),
            );
            setPicking(false);
          }}
        />
      ) : null}
    </SpaceBetween>
  );
}
