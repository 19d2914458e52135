import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/**
 * dayjs speaks Chinese (antd's date pickers and the screens that format their values). Imported by the antd scope,
 * which every screen with a date picker loads first, and by the server renderer: not on the first load of a page
 * without antd.
 */
dayjs.locale('zh-cn');
