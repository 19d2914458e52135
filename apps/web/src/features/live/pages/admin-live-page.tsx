import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  LIVE_ACCESS,
  LIVE_ACCESS_LABELS,
  LIVE_TITLE_MAX,
  liveMessages as m,
  type AdminLiveClass,
  type LiveClassBody,
} from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { chinaDateTime } from '@/shared/lib/china-time';
import { ScrollCue, TABLE_SCROLLER } from '@/shared/ui/scroll-cue';
import { liveApi, liveKeys } from '../api/live-api';

type FormValues = Omit<LiveClassBody, 'starts_at'> & { starts_at: Dayjs };

function EditModal({ item, onClose }: { item: AdminLiveClass | 'new'; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const save = useMutation({
    mutationFn: (body: LiveClassBody) => (item === 'new' ? liveApi.create(body) : liveApi.update(item.id, body)),
    onSuccess: () => qc.invalidateQueries({ queryKey: liveKeys.all }),
  });
  const initial: Partial<FormValues> =
    item === 'new'
      ? { access: 'member_free', duration_minutes: 60, capacity: 500, stream_url: '', teacher_title: '', description: '' }
      : { ...item, starts_at: dayjs(item.starts_at) };

  async function submit() {
    const v = await form.validateFields();
    try {
      await save.mutateAsync({ ...v, starts_at: v.starts_at.toISOString(), stream_url: v.stream_url ?? '', description: v.description ?? '', teacher_title: v.teacher_title ?? '' });
      message.success('已保存');
      onClose();
    } catch (err) {
      if (isApiError(err) && Object.keys(err.fieldErrors).length > 0)
        form.setFields(Object.entries(err.fieldErrors).map(([name, e]) => ({ name: name as keyof FormValues, errors: [e] })));
      else message.error(isApiError(err) ? err.message : '保存失败');
    }
  }

  return (
    <Modal open title={item === 'new' ? '新建直播课' : `编辑《${item.title}》`} onCancel={onClose} onOk={submit} okText="保存" cancelText="取消" confirmLoading={save.isPending} width={640}>
      <Form form={form} layout="vertical" initialValues={initial}>
        <Form.Item name="title" label="标题" rules={[{ required: true, message: m.titleRequired }, { max: LIVE_TITLE_MAX, message: m.titleTooLong }]}>
          <Input />
        </Form.Item>
        <Space>
          <Form.Item name="teacher" label="主讲老师" rules={[{ required: true, message: m.teacherRequired }]}>
            <Input />
          </Form.Item>
          <Form.Item name="teacher_title" label="老师头衔">
            <Input style={{ width: 300 }} />
          </Form.Item>
        </Space>
        <Space>
          <Form.Item name="starts_at" label="开始时间" rules={[{ required: true, message: m.startsInvalid }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
          </Form.Item>
          <Form.Item name="duration_minutes" label="时长（分钟）" rules={[{ required: true, message: m.durationInvalid }]}>
            <InputNumber min={10} max={600} />
          </Form.Item>
          <Form.Item name="capacity" label="名额" rules={[{ required: true, message: m.capacityInvalid }]}>
            <InputNumber min={1} max={100000} />
          </Form.Item>
          <Form.Item name="access" label="观看权限">
            <Select style={{ width: 120 }} options={LIVE_ACCESS.map((a) => ({ value: a, label: LIVE_ACCESS_LABELS[a] }))} />
          </Form.Item>
        </Space>
        <Form.Item name="stream_url" label="直播流地址（HLS .m3u8）" extra="直播服务商提供的 HLS 播放地址；本地演示为 /media/live/demo/index.m3u8">
          <Input placeholder="https://…/live.m3u8" />
        </Form.Item>
        <Form.Item name="description" label="简介">
          <Input.TextArea rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function RecordingModal({ item, onClose }: { item: AdminLiveClass; onClose: () => void }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [value, setValue] = useState(item.recording ?? '');
  const save = useMutation({
    mutationFn: () => liveApi.attachRecording(item.id, value.trim()),
    onSuccess: () => (message.success('已挂接回放'), qc.invalidateQueries({ queryKey: liveKeys.all }), onClose()),
    onError: (err) => message.error(isApiError(err) ? err.message : '保存失败'),
  });
  return (
    <Modal open title={`挂接回放：${item.title}`} onCancel={onClose} onOk={() => save.mutate()} okText="保存" cancelText="取消" confirmLoading={save.isPending}>
      <p>填写课程视频目录中的录像文件名（.mp4）。保存后生成一门只有一个课时的回放课程，学员可在往期回放和课程中心学习。</p>
      <Input value={value} onChange={(e) => setValue(e.target.value)} placeholder="live-20260101.mp4" aria-label="回放文件名" />
    </Modal>
  );
}

const PHASE_TAGS = {
  upcoming: { color: 'blue', text: '未开始' },
  live: { color: 'red', text: '直播中' },
  ended: { color: 'default', text: '已结束' },
} as const;

/**
 * /admin/live: live classes (time, teacher, stream URL), replays, and the way into the room to moderate the chat.
 * The table is laid out for the console's 930 px at 1366 px (the title keeps the room left over) and scrolls in its
 * own box below that, instead of squeezing the title to a few characters a line.
 */
export default function AdminLivePage() {
  const { data, isPending } = useQuery({ queryKey: liveKeys.admin, queryFn: liveApi.adminList });
  const [editing, setEditing] = useState<AdminLiveClass | 'new' | null>(null);
  const [recording, setRecording] = useState<AdminLiveClass | null>(null);
  return (
    <Card
      title="名师直播"
      extra={
        <Button type="primary" onClick={() => setEditing('new')}>
          新建直播课
        </Button>
      }
    >
      <ScrollCue label="直播课列表" scroller={TABLE_SCROLLER}>
        <Table<AdminLiveClass>
          rowKey="id"
          size="middle"
          loading={isPending}
          dataSource={data?.items ?? []}
          scroll={{ x: 880 }}
          columns={[
            { title: '标题', dataIndex: 'title', minWidth: 200 },
            { title: '主讲', dataIndex: 'teacher', width: 90 },
            { title: '开始时间', render: (_, r) => chinaDateTime(r.starts_at), width: 140 },
            { title: '预约', render: (_, r) => `${r.booked_count}/${r.capacity}`, width: 80 },
            { title: '权限', render: (_, r) => LIVE_ACCESS_LABELS[r.access], width: 90 },
            {
              title: '状态',
              width: 150,
              render: (_, r) => (
                <>
                  <Tag color={PHASE_TAGS[r.phase].color}>{PHASE_TAGS[r.phase].text}</Tag>
                  {r.recording && (
                    <Typography.Text type="secondary" ellipsis={{ tooltip: r.recording }} style={{ display: 'block', marginTop: 4 }}>
                      回放：{r.recording}
                    </Typography.Text>
                  )}
                </>
              ),
            },
            {
              title: '操作',
              width: 190,
              render: (_, r) => (
                <Space size={[8, 4]} wrap>
                  <Button size="small" onClick={() => setEditing(r)}>
                    编辑
                  </Button>
                  {r.phase === 'ended' && !r.replay_course_id && (
                    <Button size="small" onClick={() => setRecording(r)}>
                      挂接回放
                    </Button>
                  )}
                  <Link to={`/center/master-live/${r.id}`} aria-label={`进入《${r.title}》直播间管理聊天`}>
                    管理聊天
                  </Link>
                </Space>
              ),
            },
          ]}
        />
      </ScrollCue>
      {editing && <EditModal item={editing} onClose={() => setEditing(null)} />}
      {recording && <RecordingModal item={recording} onClose={() => setRecording(null)} />}
    </Card>
  );
}
