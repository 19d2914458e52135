// Public surface of the regions module (docs/architecture.md): the only file other modules import.
/** Learning-base manager applications (学习基地负责人申请) and their staff review. */
export { regionsModule } from './regions.routes';
