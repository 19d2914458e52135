// Public surface of the credits module (docs/architecture.md): the only file other modules import.
/** Continuing-education credits: the member's year, the rules and the courses' credit settings. */
export { createCreditsModule } from './credits.routes';
/** The credential issuer the 学时证明 are signed with, wired in by the app (the exams area keeps the key). */
export type { CredentialIssuer } from './credits-certificates.service';
/** The ledger other areas grant credits through (a finished course, attended live minutes, a passed exam). */
export { createCreditLedger, type CreditLedger } from './credits.service';
/** The weekly learning digest (its job and the member's SMS opt-in). */
export { creditsDigestModule } from './credits-digest.routes';
/** 学分年度报表 (staff: each member's year under their region's rule, and its Excel file). */
export { creditsReportModule } from './credits-report.routes';
/** Several members' years at once under their regions' rules (a company's dashboard of its employees). */
export { creditStandings, type CreditStanding } from './credits-standings';
