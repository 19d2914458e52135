import { App, Button, Space } from 'antd';
import { Link } from 'react-router';
import { examsApi, saveBlob } from '../api/exams-api';

/** Download the PDF, download the signed Open Badges credential, open the public check page. */
export function CertificateActions({ number }: { number: string }) {
  const { message } = App.useApp();
  const download = async (kind: 'pdf' | 'badge') => {
    try {
      if (kind === 'pdf') saveBlob(await examsApi.certificatePdf(number), `证书-${number}.pdf`);
      else saveBlob(await examsApi.certificateBadge(number), `电子凭证-${number}.json`);
    } catch {
      message.error('下载失败，请稍后重试');
    }
  };
  return (
    <Space wrap size={4} className="exam-cert-actions">
      <Button size="small" type="link" onClick={() => void download('pdf')}>
        下载证书
      </Button>
      <Button size="small" type="link" onClick={() => void download('badge')}>
        电子凭证
      </Button>
      <Link to={`/certificate/${encodeURIComponent(number)}`} target="_blank">
        查验页
      </Link>
    </Space>
  );
}
