/**
 * Creates a tenant and its first administrator in a deployed table:
 *   TABLE_NAME=<table> AWS_REGION=sa-east-1 npx tsx infra/scripts/create-tenant.ts \
 *     --tenant loja --name "Loja Exemplo" --email admin@loja.com.br --fullname "Ana Souza" [--color '#c62828']
 * The password is read from FREGUESIA_ADMIN_PASSWORD (never from the command line, so it
 * stays out of shell history) and must have at least 8 characters.
 */
import { parseArgs } from 'node:util';
import { provisionTenant } from '@freguesia/functions/lib/identity/provision';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    fullname: { type: 'string' },
    document: { type: 'string', default: '00000000191' },
    color: { type: 'string', default: '#c62828' },
  },
});

const password = process.env.FREGUESIA_ADMIN_PASSWORD ?? '';
if (
  !values.tenant ||
  !/^[a-z0-9-]{1,40}$/.test(values.tenant) ||
  !values.name ||
  !values.email ||
  !values.fullname
) {
  console.error(
    'Uso: --tenant <rótulo-do-host> --name <nome> --email <e-mail> --fullname <nome completo> [--color #hex]',
  );
  process.exit(2);
}
if (password.length < 8) {
  console.error('Defina FREGUESIA_ADMIN_PASSWORD com ao menos 8 caracteres.');
  process.exit(2);
}
if (!process.env.TABLE_NAME) {
  console.error('Defina TABLE_NAME com o nome da tabela (saída TableName da pilha Freguesia-Data).');
  process.exit(2);
}

const result = await provisionTenant({
  tenant: values.tenant,
  name: values.name,
  primaryColor: values.color!,
  admin: {
    email: values.email,
    password,
    fullname: values.fullname,
    shortname: values.fullname.split(' ')[0]!,
    document: values.document!,
  },
});
console.log(
  result
    ? `Ambiente ${values.tenant} criado; administrador ${values.email}.`
    : `O ambiente ${values.tenant} já existe.`,
);
