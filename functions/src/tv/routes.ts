import { tvRoutes } from './tv.routes';

export const routes = [...tvRoutes];
