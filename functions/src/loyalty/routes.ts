import { luckyRoutes } from './lucky.routes';

export const routes = [...luckyRoutes];
