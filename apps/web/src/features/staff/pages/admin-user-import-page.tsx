import { Alert, Button, Card, Result, Space, Table, Typography, Upload } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_ROWS,
  userImportMessages as m,
  type UserImportError,
  type UserImportReport,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-client';
import { saveBlob, staffApi, staffKeys } from '../api/staff-api';
import './staff.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'checked'; file: File; report: UserImportReport; message: string }
  | { kind: 'failed'; message: string; report: UserImportReport | null }
  | { kind: 'done'; report: UserImportReport; message: string };

const reportOf = (err: unknown): UserImportReport | null => {
  const data = isApiError(err) ? (err.data as Partial<UserImportReport> | null) : null;
  return data && Array.isArray(data.errors) ? (data as UserImportReport) : null;
};

function ErrorTable({ report }: { report: UserImportReport }) {
  return (
    <>
      <Table<UserImportError>
        className="user-import__errors"
        size="small"
        rowKey={(e) => `${e.row}-${e.column}`}
        dataSource={report.errors}
        pagination={report.errors.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        columns={[
          { title: '行号', dataIndex: 'row', width: 80, render: (row: number) => `第${row}行` },
          { title: '列', dataIndex: 'column', width: 120 },
          { title: '问题', dataIndex: 'message' },
        ]}
      />
      {report.errors.length < report.bad_rows ? (
        <Typography.Text type="secondary">仅列出前{report.errors.length}处错误，请修改后重新上传检查。</Typography.Text>
      ) : null}
    </>
  );
}

/**
 * /admin/user-import (permission 用户管理): bulk accounts from the Excel template. Choosing a file runs the dry run,
 * which lists every bad cell by row and column and writes nothing; 确认导入 is offered only for a clean file, and the
 * server checks it again and imports all rows or none.
 */
export default function AdminUserImportPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [busy, setBusy] = useState<'check' | 'import' | 'template' | null>(null);

  const check = async (file: File) => {
    if (file.size > USER_IMPORT_MAX_BYTES) {
      setStep({ kind: 'failed', message: '文件不能超过5MB', report: null });
      return;
    }
    setBusy('check');
    try {
      const res = await staffApi.importUsers(file, true);
      setStep({ kind: 'checked', file, report: res.data, message: res.message });
    } catch (err) {
      setStep({ kind: 'failed', message: isApiError(err) ? err.message : m.fileUnreadable, report: reportOf(err) });
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (file: File) => {
    setBusy('import');
    try {
      const res = await staffApi.importUsers(file, false);
      setStep({ kind: 'done', report: res.data, message: res.message });
      await queryClient.invalidateQueries({ queryKey: staffKeys.all });
    } catch (err) {
      setStep({ kind: 'failed', message: isApiError(err) ? err.message : m.fileUnreadable, report: reportOf(err) });
    } finally {
      setBusy(null);
    }
  };

  const downloadTemplate = async () => {
    setBusy('template');
    try {
      saveBlob(await staffApi.importTemplate(), '用户导入模板.xlsx');
    } finally {
      setBusy(null);
    }
  };

  if (step.kind === 'done')
    return (
      <Card title="用户导入">
        <Result
          status="success"
          title={step.message}
          subTitle="导入的账号没有密码：用户在登录页选择「验证码登录」，用本人手机号接收验证码即可登录；站内消息已告知登录方式。"
          extra={[
            <Button type="primary" key="users" onClick={() => navigate('/admin/users')}>
              到用户管理查看
            </Button>,
            <Button key="again" onClick={() => setStep({ kind: 'idle' })}>
              继续导入
            </Button>,
          ]}
        />
      </Card>
    );

  const clean = step.kind === 'checked' && step.report.bad_rows === 0;
  return (
    <Card title="用户导入" className="user-import">
      <Typography.Paragraph>
        用于批量开通账号（例如某单位的员工，可同时开通会员）。请先下载模板按说明填写，上传后系统会逐行检查；
        只有全部数据无误时才能确认导入，任何一行有错误都不会导入。一次最多{USER_IMPORT_MAX_ROWS}位用户。
      </Typography.Paragraph>
      <ul className="user-import__columns">
        {USER_IMPORT_COLUMNS.map((c) => (
          <li key={c.key}>
            <b>{c.header}</b>：{c.note}
          </li>
        ))}
      </ul>
      <Space wrap>
        <Button loading={busy === 'template'} onClick={() => void downloadTemplate()}>
          下载导入模板
        </Button>
        <Upload
          accept=".xlsx"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void check(file);
            return false;
          }}
        >
          <Button type="primary" loading={busy === 'check'}>
            {step.kind === 'idle' ? '选择Excel文件并检查' : '重新选择文件'}
          </Button>
        </Upload>
      </Space>

      {step.kind === 'checked' ? (
        <div className="user-import__report">
          <Alert
            type={clean ? 'success' : 'error'}
            showIcon
            message={step.message}
            description={`文件「${step.file.name}」共${step.report.total}行数据，${step.report.valid}行无误，${step.report.bad_rows}行有错误。${clean ? '' : '本次未导入任何用户，请按下表修改后重新上传。'}`}
          />
          {clean ? (
            <Button
              type="primary"
              className="user-import__confirm"
              loading={busy === 'import'}
              onClick={() => void importFile(step.file)}
            >
              确认导入
            </Button>
          ) : (
            <ErrorTable report={step.report} />
          )}
        </div>
      ) : null}
      {step.kind === 'failed' ? (
        <div className="user-import__report">
          <Alert type="error" showIcon message={step.message} />
          {step.report?.errors.length ? <ErrorTable report={step.report} /> : null}
        </div>
      ) : null}
    </Card>
  );
}
