import {
  isUf,
  listBanks,
  listCities,
  listStates,
  searchCities,
  type Bank,
  type City,
  type State,
} from '@freguesia/shared/domain/reference';
import { config } from '../lib/config';
import type { ServiceContext } from '../lib/context';
import { findTenant } from '../lib/ddb/tenants';
import { InvalidError, notFound } from '../lib/errors';

/**
 * Health, tenant theme and Brazilian reference data (part 1 §3, §7). Reference data is public
 * (the self-registration portal needs cities too) and identical for every tenant.
 */

export const INVALID_UF_MESSAGE = 'Estado (UF) inválido.';

export async function health(_ctx: ServiceContext): Promise<{ status: 'ok'; version: string }> {
  return { status: 'ok', version: config.version };
}

/** The tenant's name and colour, which the web applies before anyone signs in. */
export async function tenantTheme(
  ctx: ServiceContext,
): Promise<{ tenant: string; name: string; primary_color: string }> {
  const tenant = ctx.tenantInfo ?? (await findTenant(ctx.tenant));
  if (!tenant) throw notFound();
  return { tenant: tenant.id, name: tenant.name, primary_color: tenant.primaryColor };
}

export async function states(_ctx: ServiceContext): Promise<readonly State[]> {
  return listStates();
}

/** The municipalities of one state; an unknown UF is invalid. */
export async function citiesOf(_ctx: ServiceContext, uf: string): Promise<readonly City[]> {
  if (!isUf(uf)) throw new InvalidError({ state: INVALID_UF_MESSAGE }, INVALID_UF_MESSAGE);
  return listCities(uf);
}

/** Municipalities whose name matches `q` (accents and case ignored). */
export async function findCities(_ctx: ServiceContext, q: string): Promise<City[]> {
  return searchCities(q);
}

export async function banks(_ctx: ServiceContext): Promise<readonly Bank[]> {
  return listBanks();
}
