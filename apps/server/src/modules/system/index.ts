// Public surface of the system module (docs/architecture.md): the only file other modules import.
export { systemModule } from './system.routes';
