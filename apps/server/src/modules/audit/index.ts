// Public surface of the audit module (docs/architecture.md): the only file other modules import.
export { auditModule } from './audit.routes';
/** Record a staff write in its own transaction: `createAuditTrail(deps).record(tx, auditActor(request), change)`. */
export {
  auditActor,
  auditNotNeeded,
  createAuditTrail,
  type AuditActor,
  type AuditChange,
  type AuditTrail,
  type StaffActor,
} from './audit.service';
export { registerAuditCheck } from './audit.check';
