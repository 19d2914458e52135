// Public surface of the talent module (docs/architecture.md): the only file other modules import.
export { talentModule } from './talent.routes';
