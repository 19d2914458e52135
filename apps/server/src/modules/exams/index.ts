// Public surface of the exams module (docs/architecture.md): the only file other modules import.
export { examsModule } from './exams.routes';
/** Paid exam registrations sold through the members area's orders (quote before, grant when paid). */
export { createExamProducts, type ExamProducts } from './exams.service';
/** A person's certificates, for the talent area (centre evaluation, credit archive). */
export { createExamCertificates, type ExamCertificates } from './exams.service';
/** Page metadata and sitemap entries of the exam notices. */
export { certificateCheckPages, examsPublicPages } from './exams.public-pages';
/** The grading queue's size and the results of a period (staff dashboard and exports). */
export { examsFigures } from './staff-figures';
