import { Counter, Registry } from 'prom-client';

/**
 * Business counters that modules increment where the event happens (GET /metrics exposes them next to the
 * request, runtime and pool series of plugins/metrics.ts). Process-wide: one server process is one scrape target.
 */
export const businessMetrics = new Registry();

/** SMS codes handed to the provider, by provider and result (`sent` or `failed`). */
export const smsSends = new Counter({
  name: 'sms_sends_total',
  help: 'SMS codes handed to the SMS provider, by provider and result',
  labelNames: ['provider', 'result'] as const,
  registers: [businessMetrics],
});

/** Payment-channel notifications, by channel and outcome (paid, duplicate, invalid_signature, ...). */
export const paymentNotifications = new Counter({
  name: 'payment_notifications_total',
  help: 'Payment notifications received, by channel and outcome',
  labelNames: ['channel', 'result'] as const,
  registers: [businessMetrics],
});
