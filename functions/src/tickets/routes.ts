import { ticketRoutes } from './tickets.routes';

export const routes = [...ticketRoutes];
