import { App, Button, Card, Descriptions, Empty, Form, Input, InputNumber, Radio, Result, Select, Skeleton } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  INVOICE_BANK_NAME_MAX_LENGTH,
  INVOICE_KIND_SHORT_LABELS,
  INVOICE_KINDS,
  INVOICE_REG_ADDRESS_MAX_LENGTH,
  INVOICE_TITLE_TYPE_LABELS,
  INVOICE_TITLE_TYPES,
  membersMessages,
  SPECIAL_INVOICE_FIELDS,
  type Order,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { chinaDateTime } from '@/shared/lib/china-time';
import { useCreateInvoice, useOrder, useOrders } from '../api/use-members';
import { amountRules, schemaRule, specialFieldRule, taxNoRule, toInvoiceBody, type InvoiceFormValues } from '../lib/invoice-form';
import { demandInvoicePath, INVOICES_PATH, ORDERS_PATH } from '../lib/member-paths';
import { formatFen, yuan } from '../lib/money';
import './member-pages.css';

const FORM_FIELDS = ['title_type', 'title', 'tax_no', 'invoice_kind', ...SPECIAL_INVOICE_FIELDS, 'email', 'amount'] as const;
const TRIGGER = ['onBlur', 'onChange'];

function InvoiceForm({ order }: { order: Order }) {
  const [form] = Form.useForm<InvoiceFormValues>();
  const titleType = Form.useWatch('title_type', form);
  const kind = Form.useWatch('invoice_kind', form);
  const special = titleType === 'company' && kind === 'special';
  const create = useCreateInvoice();
  const navigate = useNavigate();
  const { message } = App.useApp();

  async function onFinish(values: InvoiceFormValues) {
    try {
      await create.mutateAsync(toInvoiceBody(order.id, values));
      message.success(membersMessages.invoiceRequested);
      navigate(INVOICES_PATH);
    } catch (err) {
      if (!isApiError(err)) return void message.error('接口异常');
      const fields = Object.entries(err.fieldErrors)
        .map(([name, msg]) => ({ name: name === 'amount' ? 'amount_yuan' : name, errors: [msg] }))
        .filter((f) => (FORM_FIELDS as readonly string[]).includes(f.name === 'amount_yuan' ? 'amount' : f.name));
      if (fields.length > 0) form.setFields(fields as Parameters<typeof form.setFields>[0]);
      else message.error(err.message);
    }
  }

  return (
    <>
      <Descriptions
        className="invoice-form__order"
        bordered
        size="small"
        column={1}
        items={[
          { key: 'no', label: '订单号', children: order.order_no },
          { key: 'subject', label: '商品', children: order.subject },
          { key: 'paid', label: '实付金额', children: yuan(order.amount) },
          { key: 'at', label: '支付时间', children: chinaDateTime(order.paid_at, '-') },
        ]}
      />
      <Form<InvoiceFormValues>
        form={form}
        className="invoice-form"
        layout="vertical"
        requiredMark
        initialValues={{
          title_type: 'personal',
          title: '',
          tax_no: '',
          invoice_kind: 'normal',
          reg_address: '',
          reg_phone: '',
          bank_name: '',
          bank_account: '',
          email: '',
          amount_yuan: order.amount / 100,
        }}
        onFinish={onFinish}
      >
        <Form.Item name="title_type" label="抬头类型" required>
          <Radio.Group
            optionType="button"
            options={INVOICE_TITLE_TYPES.map((t) => ({ value: t, label: INVOICE_TITLE_TYPE_LABELS[t] }))}
            onChange={(e) => {
              form.setFields([{ name: 'tax_no', errors: [] }]);
              // A special invoice is for a company title only: a personal title goes back to the normal kind.
              if (e.target.value !== 'company') form.setFields([{ name: 'invoice_kind', value: 'normal', errors: [] }]);
            }}
          />
        </Form.Item>
        <Form.Item
          name="invoice_kind"
          label="发票类型"
          required
          extra={
            titleType !== 'company'
              ? membersMessages.specialInvoicePersonal
              : special
                ? '专用发票须填写企业的注册地址、注册电话、开户银行及银行账号'
                : undefined
          }
        >
          <Radio.Group
            optionType="button"
            options={INVOICE_KINDS.map((k) => ({
              value: k,
              label: INVOICE_KIND_SHORT_LABELS[k],
              disabled: k === 'special' && titleType !== 'company',
            }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label="发票抬头"
          required
          validateTrigger={TRIGGER}
          rules={[schemaRule('title')]}
          extra={titleType === 'company' ? '填写企业全称' : '填写个人姓名'}
        >
          <Input placeholder={titleType === 'company' ? '请输入企业名称' : '请输入个人姓名'} maxLength={60} />
        </Form.Item>
        {titleType === 'company' && (
          <Form.Item name="tax_no" label="纳税人识别号" required validateTrigger={TRIGGER} rules={[taxNoRule]}>
            <Input placeholder="18位统一社会信用代码" maxLength={18} />
          </Form.Item>
        )}
        {special && (
          <>
            <Form.Item name="reg_address" label="注册地址" required validateTrigger={TRIGGER} rules={[specialFieldRule('reg_address')]}>
              <Input placeholder="与营业执照一致" maxLength={INVOICE_REG_ADDRESS_MAX_LENGTH} autoComplete="street-address" />
            </Form.Item>
            <Form.Item name="reg_phone" label="注册电话" required validateTrigger={TRIGGER} rules={[specialFieldRule('reg_phone')]}>
              <Input placeholder="固定电话或手机号，如010-12345678" maxLength={20} inputMode="tel" />
            </Form.Item>
            <Form.Item name="bank_name" label="开户银行" required validateTrigger={TRIGGER} rules={[specialFieldRule('bank_name')]}>
              <Input placeholder="如：中国工商银行北京中关村支行" maxLength={INVOICE_BANK_NAME_MAX_LENGTH} />
            </Form.Item>
            <Form.Item name="bank_account" label="银行账号" required validateTrigger={TRIGGER} rules={[specialFieldRule('bank_account')]}>
              <Input placeholder="8至30位数字，可用空格分隔" maxLength={40} inputMode="numeric" autoComplete="off" />
            </Form.Item>
          </>
        )}
        <Form.Item name="email" label="接收邮箱" required validateTrigger={TRIGGER} rules={[schemaRule('email')]}>
          <Input placeholder="开具后的电子发票将发送到此邮箱" maxLength={100} inputMode="email" autoComplete="email" />
        </Form.Item>
        <Form.Item
          name="amount_yuan"
          label="开票金额（元）"
          required
          validateTrigger={TRIGGER}
          rules={amountRules(order.amount)}
          extra={`不超过实付金额 ¥${formatFen(order.amount)}`}
        >
          <InputNumber
            precision={2}
            step={1}
            style={{ width: 200, maxWidth: '100%' }}
            // antd's InputNumber does not pass inputMode to its input: the decimal keypad is asked for here.
            ref={(r) => r?.nativeElement?.querySelector('input')?.setAttribute('inputmode', 'decimal')}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            提交申请
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}

function OrderPicker() {
  const orders = useOrders({ page: 1, per: 50, invoiceable: 'true' });
  const navigate = useNavigate();
  if (orders.isPending) return <Skeleton active />;
  if (!orders.data?.list.length)
    return (
      <Empty description="暂无可申请发票的订单">
        <Link to={ORDERS_PATH}>查看我的订单</Link>
      </Empty>
    );
  return (
    <Form layout="vertical" className="invoice-form">
      <Form.Item label="选择订单">
        <Select
          placeholder="请选择要开票的订单"
          options={orders.data.list.map((o) => ({ value: o.id, label: `${o.subject}（${yuan(o.amount)}，${o.order_no}）` }))}
          onChange={(id: number) => navigate(demandInvoicePath(id), { replace: true })}
        />
      </Form.Item>
    </Form>
  );
}

/** /center/demand-invoice?order_id=: request an invoice for one of my paid orders (at most once, never above the amount paid). */
export default function DemandInvoicePage() {
  const [params] = useSearchParams();
  const orderId = Number(params.get('order_id')) || 0;
  const order = useOrder(orderId);

  let body;
  if (!orderId) body = <OrderPicker />;
  else if (order.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (order.isError) body = <Result status="404" title="订单不存在" extra={<Link to={ORDERS_PATH}>查看我的订单</Link>} />;
  else if (!order.data.invoiceable)
    body = (
      <Result
        status="info"
        title={order.data.state !== 'paid' ? membersMessages.invoiceOrderNotPaid : membersMessages.invoiceAlreadyRequested}
        extra={[
          <Link key="invoices" to={INVOICES_PATH}>
            <Button type="primary">查看我的发票</Button>
          </Link>,
          <Link key="orders" to={ORDERS_PATH}>
            <Button>查看我的订单</Button>
          </Link>,
        ]}
      />
    );
  else body = <InvoiceForm order={order.data} />;

  return (
    <Card className="member-page" variant="borderless" title="申请发票" extra={<Link to={INVOICES_PATH}>我的发票</Link>}>
      {body}
    </Card>
  );
}
