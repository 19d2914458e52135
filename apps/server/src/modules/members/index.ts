// Public surface of the members module (docs/architecture.md): the only file other modules import.
export { membersModule } from './members.routes';
/** Whether a person is a member at a moment, and the membership year it falls in. */
export { membershipOf, membershipYear, type Membership, type MembershipState } from './membership';
/** Sales per day, the invoice queue's size and the finance exports of a period (staff dashboard and exports). */
export { membersFigures } from './staff-figures';
