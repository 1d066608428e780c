/**
 * Makes a tenant's existing customers searchable by word, e-mail start and phone ending
 * (customers written before word search, or restored from a backup):
 *   TABLE_NAME=<table> AWS_REGION=sa-east-1 npx tsx infra/scripts/backfill-customer-search.ts --tenant loja
 * Locally the seed writes the entries itself; `.data/` seeded by an older version gets them with
 * `npm start -- --reset`, or with this script pointed at DynamoDB Local (DYNAMODB_ENDPOINT).
 * Idempotent and safe beside live traffic (see `backfillCustomerSearch`); run it again at will.
 */
import { parseArgs } from 'node:util';
import { systemContext } from '@freguesia/functions/lib/context';
import { backfillCustomerSearch } from '@freguesia/functions/customers/customers.service';

const { values } = parseArgs({ options: { tenant: { type: 'string' } } });
if (!values.tenant || !/^[a-z0-9-]{1,40}$/.test(values.tenant)) {
  console.error('Uso: --tenant <rótulo-do-host>');
  process.exit(2);
}

const done = await backfillCustomerSearch(systemContext(values.tenant, 'backfill-customer-search'), (p) =>
  process.stdout.write(`\r${p.customers} clientes indexados (${p.skipped} alterados durante a operação)`),
);
console.log(`\nPronto: ${done.customers} clientes de ${values.tenant} pesquisáveis por palavra.`);
