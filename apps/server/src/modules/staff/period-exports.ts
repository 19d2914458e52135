import type { PassThrough } from 'node:stream';
import { INVOICE_KIND_LABELS, ORDER_PRODUCT_TYPE_LABELS, type InvoiceKind, type OrderProductType, type PeriodExportQuery } from '@app/contracts';
import type { Db } from '../../db/client';
import { examsFigures } from '../exams';
import { membersFigures } from '../members';
import { keysetBatches, streamSheet } from './xlsx-stream';

const BATCH = 1000;
const yuan = (fen: number) => Math.round(fen) / 100;

const PRODUCT_LABELS: Record<OrderProductType, string> = ORDER_PRODUCT_TYPE_LABELS;
const CHANNEL_LABELS: Record<string, string> = { sandbox: '沙箱', wechat: '微信支付', alipay: '支付宝' };
const INVOICE_STATE_LABELS: Record<string, string> = { requested: '待开具', issued: '已开具', rejected: '已驳回' };
const ATTEMPT_STATE_LABELS: Record<string, string> = { submitted: '待阅卷', graded: '已出分', in_progress: '作答中' };

/** Paid orders of a period (by payment time, China-time days), one order a row: the finance reconciliation sheet. */
export function ordersWorkbook(db: Db, q: PeriodExportQuery): Promise<PassThrough> {
  return streamSheet(
    '已支付订单',
    [
      { header: '订单号', key: 'order_no', width: 24 },
      { header: '支付时间', key: 'paid', width: 20 },
      { header: '下单时间', key: 'created', width: 20 },
      { header: '商品类型', key: 'product', width: 12 },
      { header: '商品名称', key: 'subject', width: 30 },
      { header: '实付金额（元）', key: 'amount', width: 14 },
      { header: '原价（元）', key: 'list_price', width: 12 },
      { header: '支付渠道', key: 'channel', width: 12 },
      { header: '渠道交易号', key: 'trade_no', width: 30 },
      { header: '手机号', key: 'phone', width: 14 },
      { header: '姓名', key: 'name', width: 12 },
      { header: '单位', key: 'company', width: 28 },
      { header: '发票状态', key: 'invoice', width: 10 },
    ],
    () =>
      keysetBatches(
        (after: { paidAt: string; id: number } | null) =>
          membersFigures.paidOrders(db, { from: q.from, to: q.to, after, limit: BATCH }),
        (last) => ({ paidAt: last.paid_at, id: last.id }),
        (r) => ({
          order_no: r.order_no,
          paid: r.paid_label,
          created: r.created_label,
          product: PRODUCT_LABELS[r.product_type as OrderProductType] ?? r.product_type,
          subject: r.subject,
          amount: yuan(r.amount),
          list_price: yuan(r.list_price),
          channel: r.channel ? (CHANNEL_LABELS[r.channel] ?? r.channel) : '',
          trade_no: r.channel_trade_no ?? '',
          phone: r.phone,
          name: r.real_name ?? r.nickname ?? '',
          company: r.company_name ?? '',
          invoice: r.invoice_state ? (INVOICE_STATE_LABELS[r.invoice_state] ?? r.invoice_state) : '未申请',
        }),
        BATCH,
      ),
  );
}

/** Invoice requests of a period (by request time, China-time days), one request a row. */
export function invoicesWorkbook(db: Db, q: PeriodExportQuery): Promise<PassThrough> {
  return streamSheet(
    '发票申请',
    [
      { header: '申请时间', key: 'requested', width: 20 },
      { header: '订单号', key: 'order_no', width: 24 },
      { header: '商品名称', key: 'subject', width: 30 },
      { header: '抬头类型', key: 'title_type', width: 10 },
      { header: '发票抬头', key: 'title', width: 30 },
      { header: '税号', key: 'tax_no', width: 22 },
      { header: '发票类型', key: 'kind', width: 18 },
      { header: '注册地址', key: 'reg_address', width: 36 },
      { header: '注册电话', key: 'reg_phone', width: 16 },
      { header: '开户银行', key: 'bank_name', width: 26 },
      { header: '银行账号', key: 'bank_account', width: 26 },
      { header: '金额（元）', key: 'amount', width: 12 },
      { header: '接收邮箱', key: 'email', width: 26 },
      { header: '状态', key: 'state', width: 10 },
      { header: '开具时间', key: 'issued', width: 20 },
      { header: '驳回原因', key: 'reason', width: 30 },
      { header: '申请人手机号', key: 'phone', width: 14 },
    ],
    () =>
      keysetBatches(
        (after: { requestedAt: string; id: number } | null) =>
          membersFigures.invoices(db, { from: q.from, to: q.to, after, limit: BATCH }),
        (last) => ({ requestedAt: last.requested_at, id: last.id }),
        (r) => ({
          requested: r.requested_label,
          order_no: r.order_no,
          subject: r.subject,
          title_type: r.title_type === 'company' ? '企业' : '个人',
          title: r.title,
          tax_no: r.tax_no ?? '',
          kind: INVOICE_KIND_LABELS[r.invoice_kind as InvoiceKind] ?? r.invoice_kind,
          reg_address: r.reg_address ?? '',
          reg_phone: r.reg_phone ?? '',
          bank_name: r.bank_name ?? '',
          // Text, so a spreadsheet keeps every digit of an account longer than 15.
          bank_account: r.bank_account ?? '',
          amount: yuan(r.amount),
          email: r.email,
          state: INVOICE_STATE_LABELS[r.state] ?? r.state,
          issued: r.issued_label ?? '',
          reason: r.reject_reason ?? '',
          phone: r.phone,
        }),
        BATCH,
      ),
  );
}

/** Exam results of a period (by hand-in time, China-time days), one attempt a row. */
export function examResultsWorkbook(db: Db, q: PeriodExportQuery): Promise<PassThrough> {
  return streamSheet(
    '考试成绩',
    [
      { header: '交卷时间', key: 'submitted', width: 20 },
      { header: '考试', key: 'exam', width: 24 },
      { header: '级别', key: 'level', width: 10 },
      { header: '场次', key: 'session', width: 28 },
      { header: '第几次作答', key: 'seq', width: 10 },
      { header: '手机号', key: 'phone', width: 14 },
      { header: '姓名', key: 'name', width: 12 },
      { header: '身份证号', key: 'id_number', width: 22 },
      { header: '单位', key: 'company', width: 28 },
      { header: '状态', key: 'state', width: 10 },
      { header: '得分', key: 'score', width: 8 },
      { header: '满分', key: 'full', width: 8 },
      { header: '及格分', key: 'pass', width: 8 },
      { header: '是否通过', key: 'passed', width: 10 },
      { header: '证书编号', key: 'certificate', width: 22 },
    ],
    () =>
      keysetBatches(
        (after: { submittedAt: string; id: number } | null) =>
          examsFigures.results(db, { from: q.from, to: q.to, after, limit: BATCH }),
        (last) => ({ submittedAt: last.submitted_at, id: last.id }),
        (r) => ({
          submitted: r.submitted_label,
          exam: r.exam_name,
          level: r.level,
          session: r.session_title,
          seq: r.seq,
          phone: r.phone,
          name: r.real_name ?? r.nickname ?? '',
          id_number: r.id_number ?? '',
          company: r.company_name ?? '',
          state: ATTEMPT_STATE_LABELS[r.state] ?? r.state,
          score: r.state === 'graded' && r.score !== null ? r.score : '',
          full: r.full_score,
          pass: r.pass_score,
          passed: r.state !== 'graded' || r.passed === null ? '' : r.passed ? '通过' : '未通过',
          certificate: r.certificate_number ?? '',
        }),
        BATCH,
      ),
  );
}
