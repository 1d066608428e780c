import type { Store } from '@freguesia/shared/schemas/catalog';
import type { StaffPrincipal } from '../lib/context';
import type { StoreItem } from './entities';

/** Pure store logic (no I/O): the wire answer and the store-visibility rule. */

/** 'Avenida Paulista, 1000 - Bela Vista - São Paulo/SP' (empty parts left out). */
export function composeAddress(
  s: Pick<StoreItem, 'address' | 'number' | 'complement' | 'neighborhood' | 'city' | 'state'>,
): string {
  const street = [s.address, s.number].filter(Boolean).join(', ');
  const withComplement = [street, s.complement].filter(Boolean).join(' ');
  const place = [s.city, s.state].filter(Boolean).join('/');
  return [withComplement, s.neighborhood, place].filter(Boolean).join(' - ');
}

export function storeAnswer(s: StoreItem): Store {
  const hours = s.business_hours ?? {};
  return {
    id: s.id,
    reference_code: s.reference_code,
    name: s.name,
    zipcode: s.zipcode,
    address: s.address,
    number: s.number ?? '',
    complement: s.complement ?? '',
    neighborhood: s.neighborhood ?? '',
    city: s.city ?? '',
    state: s.state ?? '',
    full_address: composeAddress({
      ...s,
      number: s.number ?? '',
      complement: s.complement ?? '',
      neighborhood: s.neighborhood ?? '',
      city: s.city ?? '',
      state: s.state ?? '',
    }),
    latitude: s.latitude ?? null,
    longitude: s.longitude ?? null,
    url: s.url ?? '',
    business_hours: {
      sunday: hours.sunday ?? '',
      monday: hours.monday ?? '',
      tuesday: hours.tuesday ?? '',
      wednesday: hours.wednesday ?? '',
      thursday: hours.thursday ?? '',
      friday: hours.friday ?? '',
      saturday: hours.saturday ?? '',
    },
    created_at: s.createdAt ?? '',
    updated_at: s.updatedAt ?? '',
  };
}

/**
 * The store-visibility rule (spec part 1 §6): a staff user without all stores sees only their
 * own store; other callers (system jobs, no staff user) see every store.
 */
export function visibleTo(principal: StaffPrincipal | undefined, store: { id: number }): boolean {
  if (!principal || principal.allStores) return true;
  return principal.storeId === store.id;
}

/** 403 for a read or write naming a store outside the caller's scope. */
export const OUT_OF_SCOPE_STORE_MESSAGE = 'Você só pode consultar os dados da sua loja.';
