// Public surface of the staff module (docs/architecture.md): the only file other modules import.
export { staffModule } from './staff.routes';
