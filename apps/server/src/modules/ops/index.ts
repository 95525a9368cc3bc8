/** The ops module: the operator back office (bearer OPERATOR_API_KEY) and its audit log. */
export { opsRoutes } from './ops.routes.ts';
/** Operator actions of other modules write the same audit log, signed the same way. */
export { insertAuditEntry, type AuditEntry } from './ops.repository.ts';
export { operatorActorOf } from '../../plugins/operator-auth.ts';
