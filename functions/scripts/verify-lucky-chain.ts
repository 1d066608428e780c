/**
 * Verifies the hash chain of a lucky-number campaign (functions/README.md "Lucky numbers"), for a
 * promotion auditor: walks the issuance log in sequence order and names the first broken link
 * (an altered record, a deleted one, a chain that does not end at the pool's head).
 *
 *   DYNAMODB_ENDPOINT=http://localhost:8000 TABLE_NAME=freguesia npx tsx functions/scripts/verify-lucky-chain.ts demo 12
 *
 * In AWS: the account's credentials and TABLE_NAME (no DYNAMODB_ENDPOINT). Exit code 0 when the
 * chain is intact, 1 when broken, 2 on a usage error. The same check is GET /api/web/lucky-numbers/{id}/audit.
 */
import { systemContext } from '../src/lib/context';
import { verifyLuckyChain } from '../src/loyalty/lucky.service';

const [tenant, id] = process.argv.slice(2);
if (!tenant || !Number.isInteger(Number(id)) || Number(id) <= 0) {
  console.error('uso: verify-lucky-chain.ts <tenant> <id da campanha>');
  process.exit(2);
}
const audit = await verifyLuckyChain(systemContext(tenant, 'lucky-audit'), Number(id));
if (audit.ok) {
  console.log(`Cadeia íntegra: ${audit.checked} registros conferidos; topo ${audit.head}.`);
  process.exit(0);
}
console.log(
  `Cadeia quebrada no registro ${audit.broken?.seq}: ${audit.broken?.reason} (${audit.checked} registros íntegros antes dele).`,
);
process.exit(1);
