export { adminMenu } from '../../router/admin-routes';
