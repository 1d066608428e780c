import type { AppRoute } from './route-types';
import { read, write } from './route-types';

/**
 * THE list of authenticated screens (inside the shell). Adding a screen is one entry here:
 *
 *   { path: '/customers', permission: read('Customers'), breadcrumbs: [{ text: 'Clientes' }], lazy: () => import('../pages/customers/list-page') },
 *   { path: '/customer/edit/:id', permission: write('Customers'), breadcrumbs: [{ text: 'Clientes', href: '/customers' }, { text: 'Alterar cliente' }], lazy: () => import('../pages/customers/form-page') },
 *
 * The side menu shows an entry only when its route is registered here (no dead links), so
 * registering '/customers' is also what makes 'Clientes' appear. '/' (Home) and the public
 * pages (/login, /cadastro, /cadastro/termos, /nps) are wired in router.tsx.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  // — screens are registered below, one line each —
  {
    path: '/dashboard',
    permission: read('Dashboard'),
    breadcrumbs: [{ text: 'Dashboard' }],
    lazy: () => import('../pages/dashboard/dashboard-page'),
  },
  {
    path: '/customers',
    permission: read('Customers'),
    breadcrumbs: [{ text: 'Clientes' }],
    lazy: () => import('../pages/customers/list-page'),
  },
  {
    path: '/customer/new',
    permission: write('Customers'),
    breadcrumbs: [{ text: 'Clientes', href: '/customers' }, { text: 'Novo cliente' }],
    lazy: () => import('../pages/customers/form-page'),
  },
  {
    path: '/customer/edit/:id',
    permission: write('Customers'),
    breadcrumbs: [{ text: 'Clientes', href: '/customers' }, { text: 'Alterar cliente' }],
    lazy: () => import('../pages/customers/form-page'),
  },
  {
    path: '/customer/details/:id',
    permission: read('Customers'),
    breadcrumbs: [{ text: 'Clientes', href: '/customers' }, { text: 'Detalhes do cliente' }],
    lazy: () => import('../pages/customers/details-page'),
  },
  {
    path: '/sell',
    permission: read('Sell'),
    breadcrumbs: [{ text: 'Vendas' }],
    lazy: () => import('../pages/sales/list-page'),
  },
  {
    path: '/sell/new',
    permission: write('Sell'),
    breadcrumbs: [{ text: 'Vendas', href: '/sell' }, { text: 'Nova venda' }],
    lazy: () => import('../pages/sales/wizard-page'),
  },
  {
    path: '/sell/edit/:id',
    permission: write('Sell'),
    breadcrumbs: [{ text: 'Vendas', href: '/sell' }, { text: 'Alterar venda' }],
    lazy: () => import('../pages/sales/wizard-page'),
  },
  {
    path: '/sell/clone/:id',
    permission: write('Sell'),
    breadcrumbs: [{ text: 'Vendas', href: '/sell' }, { text: 'Duplicar venda' }],
    lazy: () => import('../pages/sales/wizard-page'),
  },
  {
    path: '/settings/sell',
    permission: read('Settings'),
    breadcrumbs: [{ text: 'Ajustes' }, { text: 'Vendas' }],
    lazy: () => import('../pages/settings/sell-page'),
  },
  {
    // The staff's NPS analysis; /nps?hash=… is the public survey (router.tsx, nps.html).
    path: '/nps',
    permission: write('Customers'),
    breadcrumbs: [{ text: 'NPS' }],
    lazy: () => import('../pages/nps/dashboard-page'),
  },
  {
    path: '/settings/platform',
    permission: write('Settings'),
    breadcrumbs: [{ text: 'Ajustes' }, { text: 'Plataforma' }],
    lazy: () => import('../pages/settings/platform-page'),
  },
  {
    path: '/settings/platform/channel/flow/:id',
    permission: write('Settings'),
    breadcrumbs: [
      { text: 'Ajustes' },
      { text: 'Plataforma', href: '/settings/platform' },
      { text: 'Fluxo de Atendimento' },
    ],
    lazy: () => import('../pages/settings/flow/flow-page'),
  },
  {
    path: '/settings/roles',
    permission: read('Settings'),
    breadcrumbs: [{ text: 'Ajustes' }, { text: 'Permissões' }],
    lazy: () => import('../pages/settings/roles-page'),
  },
  {
    path: '/settings/audit',
    permission: write('Settings'),
    breadcrumbs: [{ text: 'Ajustes' }, { text: 'Auditoria' }],
    lazy: () => import('../pages/settings/audit-page'),
  },
  {
    path: '/settings/migrations',
    permission: read('Settings'),
    breadcrumbs: [{ text: 'Ajustes' }, { text: 'Migrações de dados' }],
    lazy: () => import('../pages/settings/migrations-page'),
  },
  {
    path: '/settings/users',
    permission: read('Settings'),
    breadcrumbs: [{ text: 'Ajustes' }, { text: 'Usuários' }],
    lazy: () => import('../pages/settings/users-page'),
  },
  {
    path: '/products',
    permission: read('Products'),
    breadcrumbs: [{ text: 'Mercadorias' }],
    lazy: () => import('../pages/catalog/products-page'),
  },
  {
    path: '/categories',
    permission: read('Products'),
    breadcrumbs: [{ text: 'Mercadorias', href: '/products' }, { text: 'Categorias' }],
    lazy: () => import('../pages/catalog/categories-page'),
  },
  {
    path: '/products/prices',
    permission: read('Products'),
    breadcrumbs: [{ text: 'Mercadorias', href: '/products' }, { text: 'Precificação' }],
    lazy: () => import('../pages/catalog/prices-page'),
  },
  {
    path: '/stores',
    permission: read('Stores'),
    breadcrumbs: [{ text: 'Lojas' }],
    lazy: () => import('../pages/catalog/stores-page'),
  },
  {
    path: '/payments',
    permission: read('Payments'),
    breadcrumbs: [{ text: 'Formas de pagamento' }],
    lazy: () => import('../pages/catalog/payments-page'),
  },
  {
    path: '/brands',
    permission: read('Products'),
    breadcrumbs: [{ text: 'Mercadorias', href: '/products' }, { text: 'Marcas' }],
    lazy: () => import('../pages/catalog/brands-page'),
  },
  {
    path: '/partners',
    permission: read('Products'),
    breadcrumbs: [{ text: 'Mercadorias', href: '/products' }, { text: 'Fornecedores' }],
    lazy: () => import('../pages/catalog/partners-page'),
  },
  {
    path: '/leads',
    permission: read('Leads'),
    breadcrumbs: [{ text: 'Segmentação' }, { text: 'Leads' }],
    lazy: () => import('../pages/leads/list-page'),
  },
  {
    path: '/lead/new',
    permission: write('Leads'),
    breadcrumbs: [{ text: 'Segmentação' }, { text: 'Leads', href: '/leads' }, { text: 'Novo lead' }],
    lazy: () => import('../pages/leads/form-page'),
  },
  {
    path: '/lead/details/:id',
    permission: read('Leads'),
    breadcrumbs: [{ text: 'Segmentação' }, { text: 'Leads', href: '/leads' }, { text: 'Detalhes' }],
    lazy: () => import('../pages/leads/details-page'),
  },
  {
    path: '/lead/edit/:id',
    permission: write('Leads'),
    breadcrumbs: [{ text: 'Segmentação' }, { text: 'Leads', href: '/leads' }, { text: 'Alterar lead' }],
    lazy: () => import('../pages/leads/form-page'),
  },
  {
    path: '/tags',
    permission: read('Tags'),
    breadcrumbs: [{ text: 'Segmentação' }, { text: 'Tags' }],
    lazy: () => import('../pages/tags/tags-page'),
  },
  {
    path: '/geolocation',
    permission: write('Leads'),
    breadcrumbs: [{ text: 'Segmentação' }, { text: 'Geográfica' }],
    lazy: () => import('../pages/geolocation/geolocation-page'),
  },
  {
    path: '/communications/mail',
    permission: read('Communications'),
    breadcrumbs: [{ text: 'Comunicações' }, { text: 'E-mail' }],
    lazy: () => import('../pages/communications/email/list-page'),
  },
  {
    path: '/communications/mail/new',
    permission: write('Communications'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'E-mail', href: '/communications/mail' },
      { text: 'Nova comunicação' },
    ],
    lazy: () => import('../pages/communications/email/form-page'),
  },
  {
    path: '/communication/email/edit/:id',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'E-mail', href: '/communications/mail' },
      { text: 'Alterar comunicação' },
    ],
    lazy: () => import('../pages/communications/email/form-page'),
  },
  {
    path: '/communication/email/clone/:id',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'E-mail', href: '/communications/mail' },
      { text: 'Duplicar comunicação' },
    ],
    lazy: () => import('../pages/communications/email/form-page'),
  },
  {
    path: '/communication/email/archived/:id',
    permission: read('Communications'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'E-mail', href: '/communications/mail' },
      { text: 'Comunicação excluída' },
    ],
    lazy: () => import('../pages/communications/email/form-page'),
  },
  {
    path: '/communication/email/analytics/:id',
    permission: read('Campaigns'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'E-mail', href: '/communications/mail' },
      { text: 'Analytics' },
    ],
    lazy: () => import('../pages/communications/email/analytics-page'),
  },
  {
    path: '/communications/template',
    permission: read('Communications'),
    breadcrumbs: [{ text: 'Comunicações' }, { text: 'Templates' }],
    lazy: () => import('../pages/communications/email/template-list-page'),
  },
  {
    path: '/communications/template/new',
    permission: write('Communications'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'Templates', href: '/communications/template' },
      { text: 'Novo template' },
    ],
    lazy: () => import('../pages/communications/email/template-form-page'),
  },
  {
    path: '/communication/template/edit/:id',
    permission: write('Communications'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'Templates', href: '/communications/template' },
      { text: 'Alterar template' },
    ],
    lazy: () => import('../pages/communications/email/template-form-page'),
  },
  {
    path: '/campaign/sell',
    permission: read('Campaigns'),
    breadcrumbs: [{ text: 'Campanhas' }, { text: 'Descontos' }],
    lazy: () => import('../pages/campaigns/list-page'),
  },
  {
    path: '/campaign/sell/new',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'Descontos', href: '/campaign/sell' },
      { text: 'Cadastrando Campanha' },
    ],
    lazy: () => import('../pages/campaigns/form-page'),
  },
  {
    path: '/campaign/edit/:id',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'Descontos', href: '/campaign/sell' },
      { text: 'Alterando Campanha' },
    ],
    lazy: () => import('../pages/campaigns/form-page'),
  },
  // — lucky-number campaigns (issue 21) —
  {
    path: '/campaign/lucky',
    permission: read('Campaigns'),
    breadcrumbs: [{ text: 'Campanhas' }, { text: 'Números da Sorte' }],
    lazy: () => import('../pages/lucky/list-page'),
  },
  {
    path: '/campaign/lucky/new',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'Números da Sorte', href: '/campaign/lucky' },
      { text: 'Cadastrando Campanha' },
    ],
    lazy: () => import('../pages/lucky/form-page'),
  },
  {
    path: '/campaign/lucky/edit/:id',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'Números da Sorte', href: '/campaign/lucky' },
      { text: 'Alterando Campanha' },
    ],
    lazy: () => import('../pages/lucky/form-page'),
  },
  {
    path: '/campaign/lucky/details/:id',
    permission: read('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'Números da Sorte', href: '/campaign/lucky' },
      { text: 'Detalhes' },
    ],
    lazy: () => import('../pages/lucky/details-page'),
  },
  {
    path: '/campaign/lucky/archived/:id',
    permission: read('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'Números da Sorte', href: '/campaign/lucky?excluidas=1' },
      { text: 'Campanha excluída' },
    ],
    lazy: () => import('../pages/lucky/details-page'),
  },
  {
    path: '/campaign/tv',
    permission: read('Campaigns'),
    breadcrumbs: [{ text: 'Campanhas' }, { text: 'TV' }],
    lazy: () => import('../pages/campaigns/tv/tv-list-page'),
  },
  {
    path: '/campaign/tv/new',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'TV', href: '/campaign/tv' },
      { text: 'Cadastrando Campanha' },
    ],
    lazy: () => import('../pages/campaigns/tv/tv-form-page'),
  },
  {
    path: '/campaign/tv/edit/:id',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'TV', href: '/campaign/tv' },
      { text: 'Alterando Campanha' },
    ],
    lazy: () => import('../pages/campaigns/tv/tv-form-page'),
  },
  {
    path: '/campaign/tv/archived/:id',
    permission: read('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'TV', href: '/campaign/tv?excluidas=1' },
      { text: 'Campanha excluída' },
    ],
    lazy: () => import('../pages/campaigns/tv/tv-form-page'),
  },
  {
    path: '/campaign/tickets',
    permission: read('Campaigns'),
    breadcrumbs: [{ text: 'Campanhas' }, { text: 'Tickets' }],
    lazy: () => import('../pages/tickets/list-page'),
  },
  {
    path: '/campaign/tickets/new',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'Tickets', href: '/campaign/tickets' },
      { text: 'Nova campanha' },
    ],
    lazy: () => import('../pages/tickets/form-page'),
  },
  {
    path: '/campaign/tickets/edit/:id',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'Tickets', href: '/campaign/tickets' },
      { text: 'Alterando campanha' },
    ],
    lazy: () => import('../pages/tickets/form-page'),
  },
  {
    path: '/campaign/tickets/archived/:id',
    permission: read('Campaigns'),
    breadcrumbs: [
      { text: 'Campanhas' },
      { text: 'Tickets', href: '/campaign/tickets?excluidas=1' },
      { text: 'Campanha excluída' },
    ],
    lazy: () => import('../pages/tickets/form-page'),
  },
  {
    path: '/campaign/calendar',
    permission: read('Campaigns'),
    breadcrumbs: [{ text: 'Campanhas' }, { text: 'Calendário' }],
    lazy: () => import('../pages/campaigns/calendar-page'),
  },
  // — SMS, push and app art (issue 12) —
  {
    path: '/communications/sms',
    permission: read('Communications'),
    breadcrumbs: [{ text: 'Comunicações' }, { text: 'SMS' }],
    lazy: () => import('../pages/communications/sms/list-page'),
  },
  {
    path: '/communications/sms/new',
    permission: write('Communications'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'SMS', href: '/communications/sms' },
      { text: 'Nova comunicação via SMS' },
    ],
    lazy: () => import('../pages/communications/sms/form-page'),
  },
  {
    path: '/communication/sms/edit/:id',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'SMS', href: '/communications/sms' },
      { text: 'Alterar comunicação via SMS' },
    ],
    lazy: () => import('../pages/communications/sms/form-page'),
  },
  {
    path: '/communication/sms/clone/:id',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'SMS', href: '/communications/sms' },
      { text: 'Duplicar comunicação via SMS' },
    ],
    lazy: () => import('../pages/communications/sms/form-page'),
  },
  {
    path: '/communication/sms/archived/:id',
    permission: read('Communications'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'SMS', href: '/communications/sms' },
      { text: 'Comunicação excluída' },
    ],
    lazy: () => import('../pages/communications/sms/form-page'),
  },
  {
    path: '/communication/sms/analytics/:id',
    permission: read('Campaigns'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'SMS', href: '/communications/sms' },
      { text: 'Analytics' },
    ],
    lazy: () => import('../pages/communications/sms/analytics-page'),
  },
  {
    path: '/mobile/push',
    permission: read('Mobile'),
    breadcrumbs: [{ text: 'Mobile' }, { text: 'Push' }],
    lazy: () => import('../pages/mobile/push/list-page'),
  },
  {
    path: '/mobile/push/new',
    permission: write('Mobile'),
    breadcrumbs: [
      { text: 'Mobile' },
      { text: 'Push', href: '/mobile/push' },
      { text: 'Nova comunicação via push' },
    ],
    lazy: () => import('../pages/mobile/push/form-page'),
  },
  {
    path: '/mobile/push/edit/:id',
    permission: write('Mobile'),
    breadcrumbs: [
      { text: 'Mobile' },
      { text: 'Push', href: '/mobile/push' },
      { text: 'Alterar comunicação via push' },
    ],
    lazy: () => import('../pages/mobile/push/form-page'),
  },
  {
    path: '/mobile/push/clone/:id',
    permission: write('Mobile'),
    breadcrumbs: [
      { text: 'Mobile' },
      { text: 'Push', href: '/mobile/push' },
      { text: 'Duplicar comunicação via push' },
    ],
    lazy: () => import('../pages/mobile/push/form-page'),
  },
  {
    path: '/mobile/push/archived/:id',
    permission: read('Mobile'),
    breadcrumbs: [
      { text: 'Mobile' },
      { text: 'Push', href: '/mobile/push' },
      { text: 'Comunicação excluída' },
    ],
    lazy: () => import('../pages/mobile/push/form-page'),
  },
  {
    path: '/mobile/push/analytics/:id',
    permission: read('Mobile'),
    breadcrumbs: [
      { text: 'Mobile' },
      { text: 'Push', href: '/mobile/push' },
      { text: 'Detalhes de performance do Push' },
    ],
    lazy: () => import('../pages/mobile/push/analytics-page'),
  },
  {
    path: '/mobile/dashboard',
    permission: read('Mobile'),
    breadcrumbs: [{ text: 'Mobile' }, { text: 'Dashboard' }],
    lazy: () => import('../pages/mobile/dashboard/dashboard-page'),
  },
  {
    path: '/mobile/categories',
    permission: read('Mobile'),
    breadcrumbs: [{ text: 'Mobile' }, { text: 'Categorias' }],
    lazy: () => import('../pages/mobile/categories/categories-page'),
  },
  {
    path: '/mobile/art',
    permission: read('Mobile'),
    breadcrumbs: [{ text: 'Mobile' }, { text: 'Arte' }],
    lazy: () => import('../pages/mobile/art/list-page'),
  },
  {
    path: '/mobile/art/new',
    permission: write('Mobile'),
    breadcrumbs: [
      { text: 'Mobile' },
      { text: 'Arte', href: '/mobile/art' },
      { text: 'Nova arte para o aplicativo' },
    ],
    lazy: () => import('../pages/mobile/art/form-page'),
  },
  {
    path: '/mobile/art/edit/:id',
    permission: write('Mobile'),
    breadcrumbs: [
      { text: 'Mobile' },
      { text: 'Arte', href: '/mobile/art' },
      { text: 'Alterar arte do aplicativo' },
    ],
    lazy: () => import('../pages/mobile/art/form-page'),
  },
  // — WhatsApp (issue 23) —
  {
    path: '/communication/whatsapp',
    permission: write('Campaigns'),
    breadcrumbs: [{ text: 'Comunicações' }, { text: 'WhatsApp' }],
    lazy: () => import('../pages/whatsapp/list-page'),
  },
  {
    path: '/communication/whatsapp/new',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'WhatsApp', href: '/communication/whatsapp' },
      { text: 'Nova Campanha de Whatsapp' },
    ],
    lazy: () => import('../pages/whatsapp/form-page'),
  },
  {
    path: '/communication/whatsapp/edit/:id',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'WhatsApp', href: '/communication/whatsapp' },
      { text: 'Alterar campanha' },
    ],
    lazy: () => import('../pages/whatsapp/form-page'),
  },
  {
    path: '/communication/whatsapp/clone/:id',
    permission: write('Campaigns'),
    breadcrumbs: [
      { text: 'Comunicações' },
      { text: 'WhatsApp', href: '/communication/whatsapp' },
      { text: 'Duplicar campanha' },
    ],
    lazy: () => import('../pages/whatsapp/form-page'),
  },
  {
    path: '/reports/whatsapp',
    permission: read('Reports'),
    breadcrumbs: [{ text: 'Relatórios' }, { text: 'Dashboard WhatsApp' }],
    lazy: () => import('../pages/reports/whatsapp-page'),
  },
  {
    path: '/reports/expenses',
    permission: read('Reports'),
    breadcrumbs: [{ text: 'Relatórios' }, { text: 'Investimentos' }],
    lazy: () => import('../pages/reports/expenses-page'),
  },
  // — customer service (issue 24) —
  {
    path: '/customer-service',
    permission: write('Attendances'),
    breadcrumbs: [{ text: 'Atendimento' }, { text: 'Central de Atendimento' }],
    lazy: () => import('../pages/customer-service/inbox-page'),
  },
  // — short links and CMS files (issue 25) —
  {
    path: '/cms',
    permission: read('CMS'),
    breadcrumbs: [{ text: 'CMS' }, { text: 'Arquivos' }],
    lazy: () => import('../pages/cms/files-page'),
  },
  {
    path: '/cms/shortlinks',
    permission: read('Shortlink'),
    breadcrumbs: [{ text: 'CMS' }, { text: 'Link Reduzido' }],
    lazy: () => import('../pages/cms/shortlinks-page'),
  },
];

/** Paths whose screen exists: the menu's `availableRoutes`. */
export const AVAILABLE_ROUTES: ReadonlySet<string> = new Set(APP_ROUTES.map((route) => route.path));
