import { type RouteConfig, index } from '@react-router/dev/routes';

export default [index('routes/shop/home.tsx')] satisfies RouteConfig;
