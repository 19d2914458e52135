import { Button, Input, Skeleton, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useServerRender } from '@/shared/lib/server-render';
import { useServiceGuides } from '../api/articles-api';
import '../components/content.css';

const TILES = [
  { title: '学分档案', text: '查看继续教育学分和学习记录', to: '/center/credit-archive' },
  { title: '发票管理', text: '为已付款订单申请和下载发票', to: '/center/invoice' },
  { title: '帮助中心', text: '账号、学习、测评常见问题', to: '/help-center' },
  { title: '更换手机号', text: '更换账号绑定的手机号', to: '/center/setting' },
  { title: '联系我们', text: '服务电话、邮箱和学习基地', to: '/aboutus' },
];

/** /studentServe: the service hall — certificate check and the services a learner uses, each a real link. */
export default function StudentServePage() {
  const guides = useServiceGuides();
  const navigate = useNavigate();
  const server = useServerRender();
  const [number, setNumber] = useState('');
  const check = () => {
    const n = number.trim();
    if (n) navigate(`/certificate/${encodeURIComponent(n)}`);
  };
  return (
    <div className="page-container cms-page">
      <header className="cms-head">
        <h1>学员服务大厅</h1>
      </header>
      <div className="cms-grid">
        <section className="cms-tile" aria-labelledby="cert-check">
          <h3 id="cert-check">证书查验</h3>
          <p className="cms-muted">输入证书编号查验真伪</p>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              aria-label="证书编号"
              placeholder="证书编号"
              value={number}
              disabled={server}
              onChange={(e) => setNumber(e.target.value)}
              onPressEnter={check}
            />
            <Button type="primary" onClick={check} disabled={server}>
              查验
            </Button>
          </Space.Compact>
        </section>
        {TILES.map((t) => (
          <Link key={t.title} to={t.to} className="cms-tile">
            <h3>{t.title}</h3>
            <p className="cms-muted">{t.text}</p>
          </Link>
        ))}
      </div>
      <section className="cms-section">
        <h2>办事指南</h2>
        {!guides.data ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <div className="cms-grid">
            {guides.data.map((g) => (
              <Link key={g.id} to={`/studentServe/lobbyPage/${g.id}`} className="cms-tile">
                <h3>{g.title}</h3>
                <p className="cms-muted">{g.summary}</p>
              </Link>
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
