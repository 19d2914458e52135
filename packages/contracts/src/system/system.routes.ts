import { z } from 'zod';
import { envelopeSchema } from '../common/envelope';

/** Health state: `ok` when alive (healthz) or when the database answers (readyz). */
export const healthDataSchema = z.object({ status: z.literal('ok') });
export type HealthData = z.infer<typeof healthDataSchema>;

/** Probes for process managers and load balancers. */
export const systemRoutes = {
  healthz: {
    method: 'GET',
    path: '/api/healthz',
    summary: '存活检查（进程在运行）',
    response: envelopeSchema(healthDataSchema),
  },
  readyz: {
    method: 'GET',
    path: '/api/readyz',
    summary: '就绪检查（数据库可用）',
    response: envelopeSchema(healthDataSchema),
  },
} as const;
