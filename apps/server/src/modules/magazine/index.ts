// Public surface of the magazine module (docs/architecture.md): the only file other modules import.
export { magazineModule } from './magazine.routes';
