import type { ServiceContext } from '../lib/context';
import { listStoreRefs, storeNames as catalogStoreNames, type StoreRef } from '../catalog/stores.service';

export type { StoreRef };

/** The tenant's stores, read through the catalogue's service. */
export const storeRefs = (tenant: string): Promise<StoreRef[]> => listStoreRefs(system(tenant));

export const storeNames = (tenant: string): Promise<Map<number, string>> => catalogStoreNames(system(tenant));

const system = (tenant: string): ServiceContext => ({ tenant, actor: { kind: 'system', name: 'customers' }, now: () => new Date() });
