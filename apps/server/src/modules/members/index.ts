// Public surface of the members module (docs/architecture.md): the only file other modules import.
export { membersModule } from './members.routes';
