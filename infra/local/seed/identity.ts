import { provisionTenant } from '@freguesia/functions/lib/identity/provision';
import { systemContext } from '@freguesia/functions/lib/context';
import { installIntegrationToken } from '@freguesia/functions/settings/settings.service';
import type { Seeder } from './types';

export const LOCAL_TENANTS = [
  { tenant: 'demo', name: 'Supermercado Demo', primaryColor: '#c62828', size: 'full' as const },
  { tenant: 'verde', name: 'Hortifruti Verde', primaryColor: '#2e7d32', size: 'small' as const },
];

/** Local-only credentials; override with FREGUESIA_ADMIN_EMAIL / FREGUESIA_ADMIN_PASSWORD. */
export const localAdmin = () => ({
  email: process.env.FREGUESIA_ADMIN_EMAIL ?? 'admin@freguesia.dev',
  password: process.env.FREGUESIA_ADMIN_PASSWORD ?? 'freguesia',
});

/** The POS integration token of a local tenant (printed at start-up; local seed only). */
export const localIntegrationToken = (tenant: string) => `frg_local_${tenant}_integration`;

export const identitySeeder: Seeder = {
  name: 'identidade',
  async run({ tenant }) {
    const spec = LOCAL_TENANTS.find((t) => t.tenant === tenant)!;
    const admin = localAdmin();
    await provisionTenant({
      tenant,
      name: spec.name,
      primaryColor: spec.primaryColor,
      admin: { ...admin, fullname: 'Administrador Freguesia', shortname: 'Admin', document: '00000000191' },
    });
    // Stored like any issued token (hash + sealed with the local key), so Integração shows it.
    await installIntegrationToken(systemContext(tenant, 'seed'), localIntegrationToken(tenant));
    return `ambiente ${tenant}, perfis padrão e administrador ${admin.email}`;
  },
};
