import Button from '@cloudscape-design/components/button';
import FileInput from '@cloudscape-design/components/file-input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { findProductByCode } from '../../api/campaigns';
import { failureMessage } from '../../api/client';
import { notify } from '../../app/notifications/notify';
import { UNKNOWN_PRODUCT, type PickedProduct } from './form-model';
import {
  dedupeImport,
  downloadImportTemplate,
  IMPORT_MESSAGES,
  readImportFile,
  type ImportRow,
} from './import-rows';

/** Lookups at a time while importing. */
const CONCURRENCY = 6;
/** Duplicate notices shown one by one; beyond that one summary. */
const DUPLICATE_NOTICES = 5;

async function lookUp(rows: readonly ImportRow[]): Promise<{ products: PickedProduct[]; unknown: string[] }> {
  const found: (PickedProduct | null)[] = new Array<PickedProduct | null>(rows.length).fill(null);
  const unknown: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const i = next++;
      const row = rows[i]!;
      const product = await findProductByCode(row.code);
      const extra = { price: row.price, take: row.take, pay: row.pay, limit: row.limit };
      if (!product) {
        unknown.push(row.code);
        found[i] = {
          code: row.code,
          description: UNKNOWN_PRODUCT,
          pack: row.pack ?? 1,
          regular_price: null,
          ...extra,
        };
        continue;
      }
      // A product whose packaging differs from the file's is skipped (spec part 2 §4).
      if (row.pack !== undefined && product.pack !== row.pack) continue;
      found[i] = {
        code: product.code,
        description: product.description,
        pack: product.pack,
        regular_price: product.regular_price,
        ...extra,
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
  return { products: found.filter((p): p is PickedProduct => p !== null), unknown };
}

/**
 * 'Importar planilha' of the product rows (spec part 2 §2.1, §4, §5, §8): the first sheet of an
 * .xlsx/.xls read in the browser, each EAN looked up in the catalogue ('PRODUTO NÃO CADASTRADO'
 * when unknown, skipped when its packaging differs), repeated codes announced, and
 * 'Importação concluída, adicionados X / Y.' at the end. 'Modelo' writes the template.
 */
export function ProductImport({
  disabled,
  existingCodes,
  onRows,
}: {
  disabled: boolean;
  /** EANs already among the rows of the kind being added. */
  existingCodes: () => ReadonlySet<string>;
  onRows: (products: PickedProduct[]) => { added: number };
}) {
  const [busy, setBusy] = useState(false);

  const importFile = async (file: File) => {
    setBusy(true);
    try {
      const rows = await readImportFile(file);
      const { unique, repeated } = dedupeImport(rows, existingCodes());
      repeated
        .slice(0, DUPLICATE_NOTICES)
        .forEach((code) =>
          notify({ type: 'warning', content: IMPORT_MESSAGES.duplicate(code), timeout: 10_000 }),
        );
      if (repeated.length > DUPLICATE_NOTICES)
        notify({
          type: 'warning',
          content: `Mais ${repeated.length - DUPLICATE_NOTICES} código(s) repetido(s) foram ignorados.`,
          timeout: 10_000,
        });
      const { products, unknown } = await lookUp(unique);
      if (unknown.length > 0)
        notify({
          type: 'info',
          header: 'Produto não cadastrado na plataforma',
          content:
            unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ` e mais ${unknown.length - 10}` : ''),
        });
      const { added } = onRows(products);
      notify({ type: 'success', content: IMPORT_MESSAGES.done(added, rows.length) });
    } catch (error) {
      notify({
        type: 'error',
        header: 'Erro na importação',
        content: error instanceof Error && error.message ? error.message : failureMessage(error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SpaceBetween direction="horizontal" size="xs">
      <Button formAction="none" iconName="download" onClick={() => void downloadImportTemplate()}>
        Modelo
      </Button>
      {disabled ? null : (
        <FileInput
          value={[]}
          accept=".xlsx,.xls"
          ariaLabel="Importar planilha de produtos"
          data-testid="campaign-import"
          onChange={({ detail }) => {
            const file = detail.value[0];
            if (file && !busy) void importFile(file);
          }}
        >
          {busy ? 'Importando…' : 'Importar planilha'}
        </FileInput>
      )}
    </SpaceBetween>
  );
}
