import { Descriptions, Tag } from 'antd';
import { CONSULT_STATE_LABELS, type ConsultState } from '@app/contracts/qa/qa.rules';
import type { Consultation } from '@app/contracts/qa/qa.schemas';
import { time } from '../lib/format';

const COLORS: Record<ConsultState, string> = {
  requested: 'orange',
  scheduled: 'blue',
  done: 'green',
  cancelled: 'default',
};

export function ConsultStateTag({ state }: { state: ConsultState }) {
  return <Tag color={COLORS[state]}>{CONSULT_STATE_LABELS[state]}</Tag>;
}

/** One consultation's details (expanded table row). */
export function ConsultationFacts({ c, showContact = true }: { c: Consultation; showContact?: boolean }) {
  return (
    <Descriptions size="small" column={2} bordered>
      <Descriptions.Item label="问题描述" span={2}>
        <div className="qa-body">{c.description}</div>
      </Descriptions.Item>
      <Descriptions.Item label="方便的时间">{c.preferred_time}</Descriptions.Item>
      {showContact && (
        <Descriptions.Item label="联系人">
          {c.contact_name} {c.contact_phone}
        </Descriptions.Item>
      )}
      {c.expert && <Descriptions.Item label="咨询专家">{c.expert}</Descriptions.Item>}
      {c.scheduled_at && <Descriptions.Item label="咨询时间">{time(c.scheduled_at)}</Descriptions.Item>}
      {c.channel && (
        <Descriptions.Item label="咨询方式" span={2}>
          {c.channel}
          {c.channel_note && `（${c.channel_note}）`}
        </Descriptions.Item>
      )}
      {c.state === 'cancelled' && c.cancel_reason && (
        <Descriptions.Item label="取消原因" span={2}>
          {c.cancel_reason}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
