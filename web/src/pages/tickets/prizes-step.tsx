import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FileInput from '@cloudscape-design/components/file-input';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import {
  SCHEDULE_LAYOUT_ERROR,
  SCHEDULE_TEMPLATE_PATH,
  scheduleGifts,
} from '@freguesia/shared/domain/tickets';
import { useState } from 'react';
import { notify } from '../../app/notifications/notify';
import { formatDateTime } from '../../components/format';
import type { GiftRow } from './form-model';

const PAGE = 20;

/** The first sheet of a prize schedule file as rows keyed by header (SheetJS loads only now). */
export async function readScheduleFile(file: File): Promise<Record<string, unknown>[]> {
  const XLSX = await import('@e965/xlsx');
  const book = XLSX.read(await file.arrayBuffer(), { type: 'array' });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  return sheet ? XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: true, defval: '' }) : [];
}

/** 'YYYY-MM-DDTHH:mm:00-03:00' → 'DD/MM/AAAA HH:mm'. */
const instantText = (at: string) => formatDateTime(`${at.slice(0, 10)} ${at.slice(11, 16)}`);

/**
 * Step 3 'Prêmios' (spec part 2 §2.4, §3 'Prize schedule import row', §5): the prizes of each store
 * from a schedule sheet (.xls or .xlsx only, one file) read in the browser; rows of stores not
 * selected are left out. A new import replaces the prizes nobody has won yet. Template:
 * /templates/modelo-premios.xlsx. `readOnly` (a deleted campaign, inside the wizard's disabled
 * fieldset, where buttons do nothing): the pages are turned by links, which the fieldset leaves alone.
 */
export function PrizesStep({
  gifts,
  stores,
  storeName,
  onChange,
  readOnly = false,
}: {
  gifts: GiftRow[];
  stores: number[];
  storeName: (id: number) => string;
  onChange: (gifts: GiftRow[]) => void;
  readOnly?: boolean;
}) {
  const [files, setFiles] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [page, setPage] = useState(1);
  const visible = gifts.filter((g) => stores.includes(g.id_store));
  const shown = visible.slice((page - 1) * PAGE, page * PAGE);

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    if (!/\.xlsx?$/i.test(file.name)) {
      notify({ type: 'error', header: 'Ops!', content: 'Envie um arquivo .xls ou .xlsx.' });
      return;
    }
    setBusy(true);
    try {
      const rows = await readScheduleFile(file);
      const result = scheduleGifts(rows, new Set(stores));
      if (!result.ok) {
        notify({ type: 'error', header: 'Ops!', content: SCHEDULE_LAYOUT_ERROR });
        return;
      }
      const won = gifts.filter((g) => g.won);
      onChange([...won, ...result.gifts]);
      setPage(1);
      notify({
        type: 'success',
        content: `Importação concluída, adicionados ${result.gifts.length} / ${rows.length}.`,
      });
    } catch {
      notify({ type: 'error', header: 'Ops!', content: SCHEDULE_LAYOUT_ERROR });
    } finally {
      setBusy(false);
      setFiles([]);
    }
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          counter={`(${visible.length})`}
          description="Prêmios gerados por loja a partir da planilha de agenda (colunas loja, premio, data, hora_min, hora_max, hora_liberado). Só as lojas selecionadas ficam."
          actions={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <Link href={SCHEDULE_TEMPLATE_PATH} external={false} data-testid="prizes-template">
                Template
              </Link>
              <FileInput
                data-testid="prizes-import"
                accept=".xls,.xlsx"
                value={files}
                onChange={({ detail }) => {
                  setFiles(detail.value);
                  void importFile(detail.value[0]);
                }}
              >
                {busy ? 'Importando…' : 'Importar planilha'}
              </FileInput>
              <Button
                data-testid="prizes-clear"
                disabled={visible.every((g) => g.won)}
                onClick={() => onChange(gifts.filter((g) => g.won))}
              >
                Remover prêmios
              </Button>
            </SpaceBetween>
          }
        >
          Prêmios
        </Header>
      }
    >
      <Table
        data-testid="prizes-table"
        variant="embedded"
        items={shown}
        trackBy={(g) => `${g.id ?? ''}|${g.id_store}|${g.available_at}|${g.gift}`}
        columnDefinitions={[
          { id: 'store', header: 'Loja', cell: (g) => storeName(g.id_store) },
          { id: 'gift', header: 'Prêmio', cell: (g) => g.gift, isRowHeader: true },
          { id: 'at', header: 'Liberado em', cell: (g) => instantText(g.available_at) },
          { id: 'won', header: 'Situação', cell: (g) => (g.won ? 'Ganho' : 'Disponível') },
        ]}
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            Nenhum prêmio. Importe a planilha de prêmios (opcional).
          </Box>
        }
        pagination={
          readOnly ? (
            <ReadOnlyPager
              page={page}
              pages={Math.max(1, Math.ceil(visible.length / PAGE))}
              onChange={setPage}
            />
          ) : (
            <Pagination
              currentPageIndex={page}
              pagesCount={Math.max(1, Math.ceil(visible.length / PAGE))}
              onChange={({ detail }) => setPage(detail.currentPageIndex)}
            />
          )
        }
      />
    </Container>
  );
}

/** 'Anterior · Página 2 de 5 · Próxima' as links (a disabled fieldset disables buttons, not links). */
function ReadOnlyPager({
  page,
  pages,
  onChange,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  return (
    <SpaceBetween direction="horizontal" size="s" alignItems="center">
      {page > 1 ? (
        <Link data-testid="prizes-previous" onFollow={() => onChange(page - 1)}>
          Anterior
        </Link>
      ) : null}
      <Box color="text-body-secondary" data-testid="prizes-page">{`Página ${page} de ${pages}`}</Box>
      {page < pages ? (
        <Link data-testid="prizes-next" onFollow={() => onChange(page + 1)}>
          Próxima
        </Link>
      ) : null}
    </SpaceBetween>
  );
}
