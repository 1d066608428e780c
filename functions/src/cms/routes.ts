import { fileRoutes } from './files.routes';

export const routes = [...fileRoutes];
