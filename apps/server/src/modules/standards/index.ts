// Public surface of the standards module (docs/architecture.md): the only file other modules import.
/** Standards and policies (准则与政策), their changes told to learners and holders, and the public notices. */
export { standardsModule } from './standards.routes';
