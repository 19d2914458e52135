import { Card, Descriptions, Result, Skeleton, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { CERTIFICATE_STATE_LABELS } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { examKeys, examsApi } from '../api/exams-api';
import { dateOnly } from '../lib/exam-format';
import './exams.css';
import './certificate-check-page.css';

/** /certificate/:number (public, the QR code's target): holder masked, exam, dates and state. */
export default function CertificateCheckPage() {
  const { number = '' } = useParams();
  const check = useQuery({
    queryKey: examKeys.check(number),
    queryFn: () => examsApi.check(number),
    retry: (n, err) => !(isApiError(err) && err.code === 404) && n < 2,
  });
  if (check.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (check.isError)
    return (
      <Card className="exam-card certificate-check">
        <Result status="warning" title="未查询到该证书" subTitle={`证书编号 ${number} 不存在，请核对后重试。`} />
      </Card>
    );
  const c = check.data;
  const color = c.state === 'valid' ? 'success' : c.state === 'revoked' ? 'error' : 'default';
  return (
    <Card className="exam-card certificate-check" title="证书查验">
      <Result
        status={c.state === 'valid' ? 'success' : 'warning'}
        title={c.state === 'valid' ? '证书真实有效' : `证书${CERTIFICATE_STATE_LABELS[c.state]}`}
      />
      <Descriptions column={1} bordered>
        <Descriptions.Item label="证书编号">{c.number}</Descriptions.Item>
        <Descriptions.Item label="持证人">{c.holder_name}</Descriptions.Item>
        <Descriptions.Item label="证书名称">{c.exam_name}证书</Descriptions.Item>
        <Descriptions.Item label="级别">{c.level}</Descriptions.Item>
        <Descriptions.Item label="发证日期">{dateOnly(c.issued_at)}</Descriptions.Item>
        <Descriptions.Item label="有效期至">{dateOnly(c.valid_until)}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={color}>{CERTIFICATE_STATE_LABELS[c.state]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="发证机构">{c.issuer}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
