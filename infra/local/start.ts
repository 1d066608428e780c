/**
 * `npm start`: the whole product on one port, the local twin of the CDK stack.
 *   npm start                 production web build (rebuilt when sources changed)
 *   npm start -- --reset      wipe .data and start empty (then seed again)
 *   npm start -- --dev        Vite dev server with hot reload for the web app
 *   npm start -- --offline    postal-code (CEP) and geocoding lookups answered by local stand-ins
 *   npm start -- --in-memory  DynamoDB Local in memory: nothing kept when it stops (the e2e tests)
 *   npm start -- --host 0.0.0.0  listen beyond loopback (default: 127.0.0.1 and ::1 only)
 * PORT overrides 3000; FREGUESIA_DATA_DIR overrides .data; FREGUESIA_HOST is --host.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { spawn } from 'node:child_process';
import { ensureTable, startDynamoLocal } from './dynamodb';

// Node 20 is supported by this project (README); the SDK's advance notice is noise here.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const root = resolve(import.meta.dirname, '../..');
const argv = process.argv.slice(2);
const args = new Set(argv);
/** `--host <address>` or `--host=<address>` (else FREGUESIA_HOST): where the server listens; loopback when absent. */
const hostArg = (() => {
  const at = argv.findIndex((a) => a === '--host' || a.startsWith('--host='));
  if (at < 0) return process.env.FREGUESIA_HOST?.trim() || undefined;
  return argv[at]!.includes('=') ? argv[at]!.slice('--host='.length) : argv[at + 1];
})();
const port = Number(process.env.PORT ?? 3000);
const dataDir = resolve(process.env.FREGUESIA_DATA_DIR ?? join(root, '.data'));
const log = (line: string) => console.log(line);
const startedAt = Date.now();

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds web/dist when missing or older than the web or shared sources. */
function buildWebIfStale(): Promise<void> {
  // A web build made elsewhere (FREGUESIA_WEB_DIR) is served as it is.
  if (process.env.FREGUESIA_WEB_DIR) return Promise.resolve();
  const index = join(root, 'web/dist/index.html');
  const built = existsSync(index) ? statSync(index).mtimeMs : 0;
  const sources = Math.max(newestMtime(join(root, 'web')), newestMtime(join(root, 'shared/src')));
  if (built > sources) return Promise.resolve();
  log('• Construindo a aplicação web (vite build)…');
  return new Promise((done, fail) => {
    // A production build whatever the caller's NODE_ENV (vitest sets 'test', which would
    // make Vite emit React's development build).
    const child = spawn('npm', ['run', 'build', '-w', 'web', '--silent'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build falhou (código ${code})`))));
  });
}

function jwtSecret(): string {
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function main(): Promise<void> {
  if (args.has('--reset')) {
    rmSync(dataDir, { recursive: true, force: true });
    log(`• Dados locais apagados (${dataDir})`);
  }
  mkdirSync(dataDir, { recursive: true });

  const dev = args.has('--dev');
  const webBuild = dev ? Promise.resolve() : buildWebIfStale();
  webBuild.catch(() => undefined);

  // On disk every write request is a SQLite commit; in memory the demo seed takes a fraction of the time.
  const dynamo = await startDynamoLocal(args.has('--in-memory') ? {} : { dbPath: join(dataDir, 'dynamodb') });
  const tableName = 'freguesia';
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    AWS_REGION: 'sa-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    JWT_SECRET: jwtSecret(),
    FREGUESIA_RUNTIME: 'local',
    FREGUESIA_DATA_DIR: dataDir,
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    DEFAULT_TENANT: process.env.DEFAULT_TENANT ?? 'demo',
    // Links sent to customers (the NPS survey): the tenant's own host on this port.
    SITE_URL_TEMPLATE: process.env.SITE_URL_TEMPLATE ?? `http://{tenant}.localhost:${port}`,
  });
  const shutdown = async () => {
    await dynamo.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);

  // Without --offline the real ViaCEP/Nominatim (or CEP_BASE_URL/GEOCODE_BASE_URL) answer; when they
  // cannot be reached the API says so in Portuguese and the user types the address by hand.
  const offline = args.has('--offline');
  if (offline) {
    const { startOfflineLookups, knownStandInCeps } = await import('./stand-ins');
    await startOfflineLookups();
    log(
      `• Modo offline: CEP e geolocalização respondidos localmente (CEPs conhecidos: ${knownStandInCeps().join(', ')})`,
    );
  }
  // SMS and push never leave the machine: local twins of the providers (e-mail goes to the outbox).
  await (await import('./stand-ins')).startMessagingStandIns();
  // WhatsApp partners too (Cloud API, Twilio, Gupshup, Evolution API, WAHA): README "WhatsApp".
  const whatsappStandIns = await (await import('./whatsapp-stand-ins')).useWhatsappStandIns();
  log(
    `• WhatsApp: parceiros locais em ${whatsappStandIns.url} (Evolution: ${whatsappStandIns.bases.evolution}, WAHA: ${whatsappStandIns.bases.waha})`,
  );

  if (await ensureTable(dynamo.client, tableName)) log(`• Tabela ${tableName} criada no DynamoDB Local`);
  // Imported after the environment is set: handler modules read it at load time.
  const { seedLocalTenants, SEEDED_PROCESSORS } = await import('./seed/index');
  const { startLocalWorkers } = await import('./workers');
  const seeded = await seedLocalTenants(log, new Date(), dynamo.client);
  await startLocalWorkers(log, {
    skipSeeded: seeded ? SEEDED_PROCESSORS : [],
    durable: !args.has('--in-memory'),
  });

  let devMiddleware;
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      root: join(root, 'web'),
      server: { middlewareMode: true },
      appType: 'spa',
    });
    devMiddleware = vite.middlewares;
  }
  const { startLocalServer } = await import('./server');
  await startLocalServer({
    port,
    webDir: process.env.FREGUESIA_WEB_DIR ? resolve(process.env.FREGUESIA_WEB_DIR) : join(root, 'web/dist'),
    devMiddleware,
    log,
    ...(hostArg ? { host: hostArg } : {}),
    whatsapp: whatsappStandIns,
  });
  if (hostArg)
    log(
      `⚠ Escutando em ${hostArg}: a caixa de saída e os logins de demonstração ficam acessíveis pela rede.`,
    );
  await webBuild.catch((error: unknown) =>
    log(`⚠ A aplicação web não pôde ser construída (${(error as Error).message}); a API segue disponível.`),
  );

  const { localAdmin, localIntegrationToken } = await import('./seed/identity');
  const admin = localAdmin();
  log('');
  const modes = [
    dev && 'modo dev, hot reload',
    offline && 'offline: CEP e mapa de endereços simulados',
  ].filter(Boolean);
  log(
    `Freguesia pronta em ${((Date.now() - startedAt) / 1000).toFixed(1)} s${modes.length ? ` (${modes.join('; ')})` : ''}`,
  );
  log(
    `  Equipe:    http://demo.localhost:${port}/login     (segundo ambiente: http://verde.localhost:${port}/login)`,
  );
  log(`  Portal:    http://demo.localhost:${port}/cadastro`);
  log(`  Login:     ${admin.email} / ${admin.password}   (somente local)`);
  log(`  PDV:       token de integração ${localIntegrationToken('demo')}`);
  log(
    `  E-mails:   http://demo.localhost:${port}/_local/outbox   (caixa de saída local: o que os clientes receberiam)`,
  );
  log(`  Saúde:     http://localhost:${port}/api/health`);
  log(`  Dados em ${dataDir}   (npm start -- --reset recomeça do zero)`);
}

main().catch((error: unknown) => {
  console.error(`\n✖ ${(error as Error).message}`);
  process.exit(1);
});
