/**
 * The audit module: the append-only audit log every operator action writes, in the action's
 * own transaction. A leaf: it imports no module, so any module may write it without a cycle.
 */
export { insertAuditEntry, type AuditEntry } from './audit-log.repository.ts';
