/**
 * The domains of the API: one Lambda function each, with an internal router.
 * `prefixes` are the API paths a domain owns. The CDK app stack creates one API Gateway
 * route per prefix (`ANY {prefix}` and `ANY {prefix}/{proxy+}`); the local runtime picks
 * the handler by the longest matching prefix. Adding a domain is one entry here plus
 * `functions/src/<name>/handler.ts` exporting `handler`.
 */
export interface DomainDefinition {
  /** Folder under functions/src and the function's logical name. */
  name: string;
  /** Path prefixes (starting with /api) served by this domain. */
  prefixes: string[];
  /** Extra memory for heavy domains (MB); default 512. */
  memoryMb?: number;
  /** Timeout in seconds; default 10 (API Gateway's limit is 30). */
  timeoutSeconds?: number;
}

export const domains: DomainDefinition[] = [
  {
    name: 'platform',
    prefixes: ['/api/health', '/api/web/tenant', '/api/web/states', '/api/web/cities', '/api/web/banks'],
  },
  { name: 'auth', prefixes: ['/api/web/login', '/api/web/permissions'] },
  {
    name: 'settings',
    prefixes: [
      '/api/web/settings',
      '/api/web/roles',
      '/api/web/role',
      '/api/web/users',
      '/api/web/user',
      '/api/customer/settings',
    ],
  },
  // Discount label layouts (settings/labels.service.ts): user HTML saved through the sanitiser, in a
  // function of their own so that settings (the portal reads /api/customer/settings) stays light.
  { name: 'labels', prefixes: ['/api/web/labels', '/api/web/label'] },
  {
    name: 'catalog',
    prefixes: [
      '/api/web/products',
      '/api/web/product',
      '/api/web/prices',
      '/api/web/price',
      '/api/web/categories',
      '/api/web/category',
      '/api/web/stores',
      '/api/web/store',
      '/api/web/payments',
      '/api/web/brands',
      '/api/web/brand',
      '/api/web/partners',
      '/api/web/partner',
      '/api/web/cep',
      '/api/web/geocode',
      '/api/integration/products',
    ],
    // The ERP import writes up to 1,000 products per request.
    memoryMb: 1024,
    timeoutSeconds: 29,
  },
  {
    name: 'customers',
    prefixes: ['/api/web/customers', '/api/web/customer', '/api/web/baskets', '/api/web/stores/geolocation'],
  },
  {
    name: 'portal',
    prefixes: [
      '/api/customer/exists',
      '/api/customer/cep',
      '/api/customer/public',
      '/api/customer/login',
      '/api/customer/me',
      '/api/customer/update',
      '/api/web/tags/public',
      '/api/tags',
    ],
  },
  // Leads and tags; populations by the engine of src/segmentation (queues, streams).
  {
    name: 'segmentation',
    prefixes: ['/api/web/leads', '/api/web/lead', '/api/web/tags', '/api/web/tag'],
    // A file lead resolves up to 50,000 rows.
    memoryMb: 1024,
    timeoutSeconds: 29,
  },
  // The lead editor's counts (src/lead-preview → segmentation/leads.service): the population of a
  // filter being edited and the geographic count, a light function of their own. /api/web/leads/preview
  // wins over segmentation's /api/web/leads (longest prefix).
  {
    name: 'lead-preview',
    prefixes: ['/api/web/leads/preview', '/api/web/geolocation'],
    // As the segmentation function they left: a preview reads up to 10,000 profiles.
    memoryMb: 1024,
    timeoutSeconds: 29,
  },
  // Discount campaigns: the back office (editing, labels, the discount export). It saves e-mail
  // campaigns through the HTML sanitiser, so the e-mail editor's 'Enviar teste' (which sanitises the
  // same way) is served here too: /api/web/communications/email/test wins over communications'
  // /api/web/communications (longest prefix), and the communications function stays light.
  {
    name: 'campaigns',
    prefixes: ['/api/web/campaigns', '/api/web/campaign', '/api/web/communications/email/test'],
    // The discount export builds its workbook in memory.
    memoryMb: 1024,
  },
  // Ticket campaigns' follow-up (src/tickets): won prizes and their validation, the tickets the
  // Campaigns tab prints. Ticket campaigns are saved through /api/web/campaign/* (campaigns function,
  // calling the tickets service); tickets are issued by the `tickets-grants` stream processor.
  { name: 'tickets', prefixes: ['/api/web/campaign/gifts', '/api/web/tickets'] },
  // The point of sale's checkout (spec part 3 §7), its own light function on the hot path: the
  // promotion engine over the campaigns domain's checkout service, nothing of the back office.
  {
    name: 'checkout',
    prefixes: ['/api/checkout'],
    // A checkout evaluates the tenant's whole active set, kept prepared in memory.
    memoryMb: 1024,
  },
  // The sending pipeline of e-mail, SMS and push campaigns (queues, schedules, provider events), the
  // expense report of its sends and the SMS and push providers' delivery reports (public webhooks).
  {
    name: 'communications',
    prefixes: ['/api/web/communications', '/api/web/reports/expenses', '/api/hooks'],
  },
  // Export jobs (src/exports): the spec's export paths answer a job, written to the exports bucket
  // by the `exports` queue's consumer; the job's status and download link, and the record of exports.
  // A path here wins over a shorter prefix of another domain (longest prefix; API Gateway's most specific route).
  {
    name: 'exports',
    prefixes: [
      '/api/web/exports',
      '/api/web/tag/export',
      '/api/web/leads/export',
      '/api/web/campaign/export',
      // The WhatsApp CSVs (spec part 3 §7); the rest of /api/whatsapp stays the whatsapp domain's.
      '/api/whatsapp/export-campaign-details',
      '/api/whatsapp/export-opt-in-out',
    ],
  },
  // The audit log (src/audit): a record's 'Histórico' and the tenant's log for admins.
  { name: 'audit', prefixes: ['/api/web/audit'] },
  // TV price screens (spec part 2 §2.2): the screens' links and the wizard's price simulation, and
  // the public screen (signed link, rate-limited); TV campaigns themselves are saved by `campaigns`.
  { name: 'tv', prefixes: ['/api/web/tv', '/api/tv'] },
  // Lucky numbers (src/loyalty): issuance state, log, audit, draw helper and a customer's numbers;
  // the campaigns themselves are saved through /web/campaign/* (campaigns function). Issuance runs
  // in the `loyalty-grants` stream processor.
  { name: 'loyalty', prefixes: ['/api/web/lucky-numbers'] },
  // Sales orders (spec part 3 §2–§9): drafts priced by the checkout service, the order's life, the
  // offers modal (`/api/web/products/customer` wins over catalog's `/api/web/products`: longest prefix).
  { name: 'sales', prefixes: ['/api/web/carts', '/api/web/products/customer'] },
  // Short links (spec part 3 §7); the `/link/{slug}` redirect is its own function (shortlinks/redirect.ts).
  { name: 'shortlinks', prefixes: ['/api/web/shortlinks'] },
  // CMS files (spec part 3 §7), served from the site's own origin under /files/. Uploads arrive as
  // base64 in the body (up to 7 MB of file).
  { name: 'cms', prefixes: ['/api/web/cms'], memoryMb: 1024, timeoutSeconds: 29 },
  // WhatsApp (src/whatsapp, functions/README.md "WhatsApp"): the service channels of 'Central de
  // Atendimentos' (the customer-service domain keeps the rest of /api/web/customer-service), the
  // WhatsApp campaigns, the lead count, the report and the partners' public webhooks.
  {
    name: 'whatsapp',
    prefixes: [
      '/api/web/customer-service/channel',
      '/api/web/whatsapp',
      '/api/whatsapp',
      '/api/web/lead/whatsapp',
      '/api/hooks/whatsapp',
    ],
    // A connect waits 2 s for the gateway's QR code after starting its session; a bulk save pauses
    // 600 ms between its (at most 30) campaigns.
    timeoutSeconds: 29,
  },
  // Customer service (src/customer-service, functions/README.md "Customer service"): the inbox, a
  // conversation's messages and replies, the conversation update (PUT /api/web/customer-service/attendance,
  // the spec's "path not shown"), departments and the channels' bot flows. Longer than the whatsapp
  // domain's /api/web/customer-service/channel, so /channel/flow is served here (longest prefix).
  {
    name: 'customer-service',
    prefixes: [
      '/api/web/customer-service/channel/flow',
      '/api/web/customer-service/attendances',
      '/api/web/customer-service/attendance',
      '/api/web/customer-service/attendants',
      '/api/web/customer-service/messages',
      '/api/web/customer-service/message',
      '/api/web/customer-service/departments',
      '/api/web/customer-service/department',
    ],
  },
  // Figures kept on write by the `dashboard-aggregates` stream processor (src/streams.ts).
  { name: 'dashboard', prefixes: ['/api/web/dashboard'] },
  // POS purchases: up to 100 baskets per request.
  { name: 'integration', prefixes: ['/api/integration/baskets'], memoryMb: 1024, timeoutSeconds: 29 },
  // NPS (src/nps, functions/README.md "NPS"): the dashboard.
  { name: 'nps', prefixes: ['/api/web/nps'] },
  // The NPS settings (src/nps-settings → nps/settings.service), saved through the HTML sanitiser: a
  // function of their own, so the dashboard stays light. /api/web/settings/nps wins over settings'
  // /api/web/settings (longest prefix).
  { name: 'nps-settings', prefixes: ['/api/web/settings/nps'] },
  // The public survey page's calls, a light function of their own (src/survey → nps/survey.service).
  { name: 'survey', prefixes: ['/api/nps', '/api/internalservices/login/url-token'] },
  // The mobile app admin (src/mobile, functions/README.md "Mobile app"): its dashboard from counters
  // (/api/web/dashboard/mobile wins over dashboard's /api/web/dashboard: longest prefix) and the
  // events the customer's app posts with its customer token. App categories stay with catalog.
  { name: 'mobile', prefixes: ['/api/web/dashboard/mobile', '/api/app'] },
];

/** Returns the domain that serves `path`, by longest matching prefix, or undefined. */
export function domainForPath(path: string): DomainDefinition | undefined {
  let best: DomainDefinition | undefined;
  let bestLength = -1;
  for (const domain of domains) {
    for (const prefix of domain.prefixes) {
      const matches = path === prefix || path.startsWith(prefix + '/');
      if (matches && prefix.length > bestLength) {
        best = domain;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}
