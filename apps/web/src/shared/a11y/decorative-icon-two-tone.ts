import AntdIcon from '@ant-design/icons/es/components/AntdIcon';
import { decorative } from './decorative-icon';

/** @ant-design/icons' base of two-tone icons, decorative unless named (see decorative-icon.ts). */
export default decorative(AntdIcon);
