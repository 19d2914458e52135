// Public surface of the members module (docs/architecture.md): the only file other modules import.
export { createMembersModule, type MembersModuleOptions } from './members.routes';
/** The port members declares for JSAPI payment: the payer's openid, implemented by the WeChat authorisation area. */
export type { WechatPayerSource } from './members.service';
/** Whether a person is a member at a moment, and the membership year it falls in. */
export { membershipOf, membershipYear, type Membership, type MembershipState } from './membership';
/** Sales per day, the invoice queue's size and the finance exports of a period (staff dashboard and exports). */
export { membersFigures } from './staff-figures';
/** The orders table, for other areas' foreign keys (a seat keeps the order that bought it). */
export { membersOrders } from './members.table';
