// Public surface of the users module (docs/architecture.md): the only file other modules import.
import { usersRepository as repo } from './users.repository';

export { usersModule } from './users.routes';
export { displayName } from './display-name';
export type { UserRow } from './users.repository';

/** Table objects, for other areas' foreign keys and read-only joins; writes go through the ports below. */
export { users, personalAchieve } from './users.table';

/** What the auth module needs of accounts: create one, read the current-user summary, change password or phone. */
export const userAccounts = {
  create: repo.create,
  currentUser: repo.currentUser,
  setPasswordHash: repo.setPasswordHash,
  setPhone: repo.setPhone,
};
export type UserAccounts = typeof userAccounts;

/** Changes other areas make to an account as the outcome of their own events (payments, reviews, study, portrait). */
export const accountChanges = {
  extendMembership: repo.extendMembership,
  setStar: repo.setStar,
  addLearningTotals: repo.addLearningTotals,
  updateAccountProfile: repo.updateAccountProfile,
};
export type AccountChanges = typeof accountChanges;

/** Staff roles of accounts (the staff module manages them; the auth guards read them with the session). */
export const staffAccounts = {
  setStaffRoles: repo.setStaffRoles,
  staffMembers: repo.staffMembers,
  countWithRole: repo.countWithRole,
  setDisabled: repo.setDisabled,
  clearPassword: repo.clearPassword,
};
export type StaffAccounts = typeof staffAccounts;

/** Read-only look-ups for staff screens: an account by phone, the users search and a user's page. */
export const userAccountLookup = {
  byPhone: repo.byPhone,
  adminSearch: repo.adminSearch,
  adminDetail: repo.adminDetail,
};


/** The staff users import: which phones are taken, and the accounts it creates (no password: SMS-code login). */
export const accountImports = {
  existingPhones: repo.existingPhones,
  createImported: repo.createImported,
};

/** Account figures for the staff dashboard (registrations per China-time day, over the created_at index). */
export const accountFigures = {
  registrationsByDay: repo.registrationsByDay,
};
