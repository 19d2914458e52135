// Public surface of the system module (docs/architecture.md): the only file other modules import.
export { systemModule } from './system.routes';
export { registerIdempotency, IDEMPOTENCY_TTL_MS } from './idempotency';
