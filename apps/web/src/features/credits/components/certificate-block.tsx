import { App, Button, Space, Tag } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { creditCertificatePath } from '@app/contracts/credits/credits-certificates';
import { isApiError } from '@/shared/lib/api-client';
import { chinaDate } from '@/shared/lib/china-time';
import { creditsApi, creditsKeys } from '../api/credits-api';

/**
 * 学时证明 of a 达标 year: issued on request, then downloadable as a PDF and as a signed electronic credential, with
 * its public check page. A revoked one says so; the member may issue again while the year is still 达标.
 */
export function CertificateBlock({ year }: { year: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: creditsKeys.certificates, queryFn: creditsApi.myCertificates });
  const [busy, setBusy] = useState<string | null>(null);
  const current = (mine.data ?? []).find((c) => c.year === year && c.state === 'valid');
  const revoked = (mine.data ?? []).filter((c) => c.year === year && c.state === 'revoked');

  const run = async (key: string, job: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await job();
    } catch (err) {
      message.error(isApiError(err) ? err.message : '操作失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-label="继续教育学时证明" className="credit-panel__section credit-certificate">
      <h3>继续教育学时证明</h3>
      {current ? (
        <>
          <p>
            证明编号 {current.number}，出具于 {chinaDate(current.issued_at)} <Tag color="success">有效</Tag>
          </p>
          <Space wrap>
            <Button type="primary" loading={busy === 'pdf'} onClick={() => void run('pdf', () => creditsApi.downloadCertificate(current.number, 'pdf'))}>
              下载学时证明（PDF）
            </Button>
            <Button loading={busy === 'credential'} onClick={() => void run('credential', () => creditsApi.downloadCertificate(current.number, 'credential'))}>
              下载电子凭证
            </Button>
            <Link to={creditCertificatePath(current.number)} target="_blank">
              查验页
            </Link>
          </Space>
        </>
      ) : (
        <>
          <p className="credit-muted">本年度学分已达标，可出具学时证明，供单位或继续教育管理部门查验。</p>
          <Button
            type="primary"
            loading={busy === 'issue'}
            onClick={() =>
              void run('issue', async () => {
                const res = await creditsApi.issueCertificate(year);
                message.success(res.message);
                await queryClient.invalidateQueries({ queryKey: creditsKeys.certificates });
              })
            }
          >
            出具学时证明
          </Button>
        </>
      )}
      {revoked.length > 0 && (
        <p className="credit-muted">
          已撤销的证明：{revoked.map((c) => c.number).join('、')}（所列学分被撤销后失效）
        </p>
      )}
    </section>
  );
}
