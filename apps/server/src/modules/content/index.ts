// Public surface of the content module (docs/architecture.md): the only file other modules import.
export { contentModule } from './content.routes';
/** Where the contact QR code is served (the seed writes it). */
export { QR_CODE_PATH } from './content.service';
/** Think-tank expert profiles (read and write port); the table for read-only joins and foreign keys. */
export {
  expertProfiles,
  type ExpertProfile,
  type ExpertProfileInput,
  type ExpertProfiles,
} from './content.experts';
export { contentExperts } from './content.table';
