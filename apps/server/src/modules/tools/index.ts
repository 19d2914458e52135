// Public surface of the tools module (docs/architecture.md): the only file other modules import.
export { toolsModule } from './tools.routes';
/** The orders flow sells and unlocks risk-check reports through this port. */
export { riskReportSales } from './tools.service';
/** Page metadata and sitemap entries of the public tool pages. */
export { toolsPublicPages } from './tools.public-pages';
