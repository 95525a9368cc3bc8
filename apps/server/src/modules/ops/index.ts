/** The ops module: the operator back office (bearer OPERATOR_API_KEY) and its audit log. */
export { opsRoutes } from './ops.routes.ts';
