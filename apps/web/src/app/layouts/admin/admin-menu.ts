export { adminMenu, useIsExpert } from '../../router/admin-routes';
