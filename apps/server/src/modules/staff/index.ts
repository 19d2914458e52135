// Public surface of the staff module (docs/architecture.md): the only file other modules import.
export { staffModule } from './staff.routes';
/** The admin:create command (src/cli/admin-create.ts). */
export { createFirstAdministrator, FirstAdminError } from './first-admin';
