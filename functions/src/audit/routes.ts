import { auditRoutes } from './audit.routes';

/** The audit domain: the tenant's log and each record's history. */
export const routes = [...auditRoutes];
