export { adminMenu, visibleAdminMenu } from '../../router/admin-routes';
/** Whether the account is an expert (the Q&A area links accounts to think-tank expert profiles); loaded with /admin only. */
export { useIsExpert } from '@/features/qa/api/expert-access';
