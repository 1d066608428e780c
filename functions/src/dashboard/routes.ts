import { dashboardRoutes } from './dashboard.routes';

export const routes = [...dashboardRoutes];
