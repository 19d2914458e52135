// Public surface of the content module (docs/architecture.md): the only file other modules import.
export { contentModule } from './content.routes';
/** Where the contact QR code is served (the seed writes it). */
export { QR_CODE_PATH } from './content.service';
