import { App, Form, InputNumber, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SEAT_ORDER_MAX, trainingMessages as m } from '@app/contracts/training/training.rules';
import type { SaveSeatTierBody, SeatTier } from '@app/contracts/training/training.schemas';
import { isApiError } from '@/shared/lib/api-client';
import { adminTrainingApi, adminTrainingKeys } from '../api/admin';
import { fenToYuan, yuanToFen } from '../lib/admin-money';

/** The tier's largest price in yuan (the contract's 10,000,000 fen). */
const PRICE_MAX_YUAN = 100_000;

interface TierValues {
  min_quantity: number | null;
  /** Yuan per seat, as staff type it. */
  price: number | null;
}

/** A new tier (`tier` undefined) or an edit of one: yuan in the form, fen on the wire. */
export function AdminTierModal({ tier, onClose }: { tier: SeatTier | undefined; onClose: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TierValues>();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body: SaveSeatTierBody = { min_quantity: v.min_quantity!, price: yuanToFen(v.price!) };
    setSaving(true);
    try {
      const res = tier ? await adminTrainingApi.updateTier(tier.id, body) : await adminTrainingApi.createTier(body);
      queryClient.setQueryData(adminTrainingKeys.tiers, res.data);
      message.success(res.message);
      onClose();
    } catch (err) {
      if (!isApiError(err)) {
        message.error('保存失败，请稍后重试');
        return;
      }
      const fields = Object.entries(err.fieldErrors).filter(([name]) => name === 'min_quantity' || name === 'price');
      // A tier of the same size is refused as a conflict: its place is the quantity field.
      if (!fields.length && err.message === m.tierDuplicate) fields.push(['min_quantity', err.message]);
      if (fields.length) form.setFields(fields.map(([name, error]) => ({ name: name as keyof TierValues, errors: [error] })));
      else message.error(err.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={tier ? '修改价格档' : '新增价格档'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TierValues>
        form={form}
        layout="vertical"
        initialValues={tier ? { min_quantity: tier.min_quantity, price: fenToYuan(tier.price) } : { min_quantity: null, price: null }}
        onFinish={() => void save()}
      >
        <Form.Item
          name="min_quantity"
          label="起购数量（张）"
          extra="一次购买达到该数量时按本档单价计价"
          rules={[
            { required: true, message: m.tierMinInvalid },
            { type: 'integer', min: 1, max: SEAT_ORDER_MAX, message: m.tierMinInvalid },
          ]}
        >
          <InputNumber min={1} max={SEAT_ORDER_MAX} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="price"
          label="单价（元/张）"
          rules={[
            { required: true, message: m.tierPriceInvalid },
            { type: 'number', min: 0.01, max: PRICE_MAX_YUAN, message: m.tierPriceInvalid },
          ]}
        >
          <InputNumber min={0.01} max={PRICE_MAX_YUAN} precision={2} step={1} prefix="¥" style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
