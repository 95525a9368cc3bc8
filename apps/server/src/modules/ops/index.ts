/** The ops module: the operator back office (bearer OPERATOR_API_KEY). */
export { opsRoutes } from './ops.routes.ts';
/** The audit module owns the log; re-exported for modules that still import it from here. */
export { insertAuditEntry, type AuditEntry } from '../audit/index.ts';
export { operatorActorOf } from '../../plugins/operator-auth.ts';
