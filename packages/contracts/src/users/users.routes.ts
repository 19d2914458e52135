import { envelopeSchema } from '../common/envelope';
import { nullDataSchema } from '../auth/auth.schemas';
import { careModeBodySchema, careModeDataSchema } from './users.schemas';
import { avatarDataSchema, changePasswordBodySchema, profileSchema, userSettingBodySchema } from './profile.schemas';

/** Own-account settings (login required). */
export const usersRoutes = {
  profile: {
    method: 'GET',
    path: '/api/users/profile',
    summary: '个人资料（设置页预填）',
    response: envelopeSchema(profileSchema),
  },
  userSetting: {
    method: 'POST',
    path: '/api/users/user_setting',
    summary: '保存个人资料（昵称、真实姓名、身份证号、性别、政治面貌）',
    body: userSettingBodySchema,
    response: envelopeSchema(profileSchema),
  },
  avatar: {
    method: 'POST',
    path: '/api/users/avatar',
    summary: '上传头像（multipart/form-data，字段 file；PNG/JPG/GIF/WebP，最大2MB）',
    response: envelopeSchema(avatarDataSchema),
  },
  changePassword: {
    method: 'POST',
    path: '/api/users/change_password',
    summary: '修改密码（需原密码）',
    body: changePasswordBodySchema,
    response: envelopeSchema(nullDataSchema),
  },
  careMode: {
    method: 'PUT',
    path: '/api/users/care_mode',
    summary: '开启或关闭关怀模式（大字号、高对比度，保存在账号上，其他设备登录后同样生效）',
    body: careModeBodySchema,
    response: envelopeSchema(careModeDataSchema),
  },
} as const;
