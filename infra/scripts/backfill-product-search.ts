/**
 * Makes a tenant's existing products searchable by any word of their description (products
 * written before word search, or restored from a backup):
 *   TABLE_NAME=<table> AWS_REGION=sa-east-1 npx tsx infra/scripts/backfill-product-search.ts --tenant loja
 * Locally the seed writes the word index itself; `.data/` seeded by an older version gets it with
 * `npm start -- --reset`, or with this script pointed at DynamoDB Local (DYNAMODB_ENDPOINT).
 * Idempotent and safe beside live traffic (see `backfillProductSearch`); run it again at will.
 */
import { parseArgs } from 'node:util';
import { systemContext } from '@freguesia/functions/lib/context';
import { backfillProductSearch } from '@freguesia/functions/catalog/products.service';

const { values } = parseArgs({ options: { tenant: { type: 'string' } } });
if (!values.tenant || !/^[a-z0-9-]{1,40}$/.test(values.tenant)) {
  console.error('Uso: --tenant <rótulo-do-host>');
  process.exit(2);
}

const done = await backfillProductSearch(systemContext(values.tenant, 'backfill-product-search'), (p) =>
  process.stdout.write(`\r${p.products} mercadorias indexadas (${p.skipped} alteradas durante a operação)`),
);
console.log(`\nPronto: ${done.products} mercadorias de ${values.tenant} pesquisáveis por palavra.`);
