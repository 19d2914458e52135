// Public surface of the recruiting module (docs/architecture.md): the only file other modules import.
import type { AppDeps } from '../../lib/app-module';
import type { AttachmentAccessCheck } from '../talent';
import { recruitingService } from './recruiting.routes';

export { recruitingModule } from './recruiting.routes';
export { recruitingPublicPages } from './recruiting.public-pages';

/** The talent area's attachment-access hook: a company reads the credential scans of people who applied to it. */
export function recruitingAttachmentAccess(deps: AppDeps): AttachmentAccessCheck {
  const service = recruitingService(deps);
  return (viewer, ownerId) => service.companyMayReadAttachments(viewer, ownerId);
}
/** Companies and job posts waiting for review (staff dashboard). */
export { recruitingFigures } from './staff-figures';
