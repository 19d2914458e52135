// Public surface of the exams module (docs/architecture.md): the only file other modules import.
export { examsModule } from './exams.routes';
/** Paid exam registrations sold through the members area's orders (quote before, grant when paid). */
export { createExamProducts, type ExamProducts } from './exams-registration.service';
/** A person's certificates, for the talent area (centre evaluation, credit archive). */
export { createExamCertificates, type ExamCertificates } from './exams-certificates.service';
/** Page metadata and sitemap entries of the exam notices. */
export { certificateCheckPages, examsPublicPages } from './exams.public-pages';
/**
 * The platform's Open Badges issuer (one Ed25519 key for every credential it signs) and the Bitstring Status List
 * helpers, for another area's credentials (the continuing-education 学时证明) and their revocation lists.
 */
export { createBadgeIssuer, statusEntry, verifyCredential, type BadgeIssuer } from './exams.badges';
/** The grading queue's size and the results of a period (staff dashboard and exports). */
export { examsFigures } from './staff-figures';
/** Exam types, for other areas' foreign keys and read-only joins (names, the URL key); writes stay here. */
export { examsTypes } from './exams.table';
/** Holders of a valid certificate of some exam types, as a SQL fragment (user_id, type_id). */
export { validCertificateHolders } from './certificate-holders';
