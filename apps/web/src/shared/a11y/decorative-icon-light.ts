import AntdIconLight from '@ant-design/icons/es/components/AntdIconLight';
import { decorative } from './decorative-icon';

/** @ant-design/icons' base of one-colour icons, decorative unless named (see decorative-icon.ts). */
export default decorative(AntdIconLight);
