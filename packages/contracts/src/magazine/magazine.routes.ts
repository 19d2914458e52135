import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';
import {
  adminMagazineListSchema,
  adminMagazineSchema,
  magazineIdParamsSchema,
  magazineListQuerySchema,
  magazineListSchema,
  magazineProgressBodySchema,
  magazineProgressSchema,
  magazineReadSchema,
  magazineUpdateBodySchema,
} from './magazine.schemas';

/** Monthly e-magazine: the issue list, the reader, and staff's upload, TOC and publishing (issue 17). */
export const magazineRoutes = {
  list: {
    method: 'GET',
    path: '/api/magazines',
    summary: '电子杂志：按年份的已发布期刊（会员可读全部，非会员可试读最新一期）',
    query: magazineListQuerySchema,
    response: envelopeSchema(magazineListSchema),
  },
  read: {
    method: 'GET',
    path: '/api/magazines/:id',
    summary: '阅读一期杂志：目录、上次读到的页和签名的 PDF 地址（非会员为试读本）',
    params: magazineIdParamsSchema,
    response: envelopeSchema(magazineReadSchema),
  },
  progress: {
    method: 'PUT',
    path: '/api/magazines/:id/progress',
    summary: '记录读到的页（跨设备续读）',
    params: magazineIdParamsSchema,
    body: magazineProgressBodySchema,
    response: envelopeSchema(magazineProgressSchema),
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/magazines',
    summary: '（管理）全部期刊，含未发布',
    response: envelopeSchema(adminMagazineListSchema),
  },
  adminUpload: {
    method: 'POST',
    path: '/api/admin/magazines',
    summary: '（管理）上传一期杂志（multipart：字段与 PDF 文件 file；按内容检查是 PDF），未发布',
    response: envelopeSchema(adminMagazineSchema),
  },
  adminUpdate: {
    method: 'PUT',
    path: '/api/admin/magazines/:id',
    summary: '（管理）修改标题、简介和目录',
    params: magazineIdParamsSchema,
    body: magazineUpdateBodySchema,
    response: envelopeSchema(adminMagazineSchema),
  },
  adminPublish: {
    method: 'POST',
    idempotent: true,
    path: '/api/admin/magazines/:id/publish',
    summary: '（管理）发布一期：会员收到站内消息',
    params: magazineIdParamsSchema,
    response: envelopeSchema(adminMagazineSchema),
  },
  adminDelete: {
    method: 'DELETE',
    path: '/api/admin/magazines/:id',
    summary: '（管理）删除未发布的期刊',
    params: magazineIdParamsSchema,
    response: envelopeSchema(z.null()),
  },
} as const;

