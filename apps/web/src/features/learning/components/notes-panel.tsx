import { DeleteOutlined, EditOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Empty, Input, Popconfirm, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { formatDuration, learningMessages, NOTE_MAX_LENGTH, type Note } from '@app/contracts';
import { useCreateNote, useDeleteNote, useLikeNote, useNotes, useUpdateNote } from '../api/use-learning';
import './notes-panel.css';

export interface NotesPanelProps {
  lessonId: number;
  /** Current video second, read when a note is saved. */
  getTime(): number;
  /** Seeks the video to a note's second. */
  onJump(seconds: number): void;
}

type Scope = 'mine' | 'lesson';
const NOTES_PER_PAGE = 50;

function validate(text: string): string | null {
  if (!text.trim()) return learningMessages.noteRequired;
  if (text.trim().length > NOTE_MAX_LENGTH) return learningMessages.noteTooLong;
  return null;
}

function NoteItem({ note, onJump }: { note: Note; onJump(seconds: number): void }) {
  const { message } = App.useApp();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.content);
  const update = useUpdateNote();
  const remove = useDeleteNote();
  const like = useLikeNote();
  const error = editing ? validate(draft) : null;

  async function save() {
    if (error) return;
    await update.mutateAsync({ id: note.id, body: { content: draft.trim() } });
    setEditing(false);
    message.success('笔记已更新');
  }

  return (
    <li className="note-item">
      <div className="note-item__head">
        <button
          type="button"
          className="note-item__time"
          onClick={() => onJump(note.video_second)}
          aria-label={`跳转到 ${formatDuration(note.video_second)}`}
        >
          ▶ {formatDuration(note.video_second)}
        </button>
        {!note.is_mine && <span className="note-item__author">{note.author_name}</span>}
        {note.is_mine && note.is_public && <span className="note-item__public">公开</span>}
        <span className="note-item__actions">
          <Button
            type="text"
            size="small"
            icon={note.liked ? <LikeFilled /> : <LikeOutlined />}
            className={note.liked ? 'is-liked' : undefined}
            aria-pressed={note.liked}
            aria-label={note.liked ? '取消点赞' : '点赞'}
            onClick={() => like.mutate(note)}
          >
            {note.like_count}
          </Button>
          {note.is_mine && !editing && (
            <Button type="text" size="small" icon={<EditOutlined />} aria-label="编辑笔记" onClick={() => { setDraft(note.content); setEditing(true); }} />
          )}
          {note.is_mine && (
            <Popconfirm title="确定删除这条笔记吗？" okText="删除" cancelText="取消" onConfirm={() => remove.mutateAsync(note.id).then(() => message.success('笔记已删除'))}>
              <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="删除笔记" />
            </Popconfirm>
          )}
        </span>
      </div>
      {editing ? (
        <div className="note-item__edit">
          <Input.TextArea value={draft} onChange={(e) => setDraft(e.target.value)} autoSize={{ minRows: 2, maxRows: 6 }} aria-label="编辑笔记内容" status={error ? 'error' : undefined} />
          {error && <div className="note-form__error" role="alert">{error}</div>}
          <div className="note-item__edit-actions">
            <Button size="small" onClick={() => setEditing(false)}>
              取消
            </Button>
            <Button size="small" type="primary" loading={update.isPending} disabled={!!error} onClick={save}>
              保存
            </Button>
          </div>
        </div>
      ) : (
        <p className="note-item__content">{note.content}</p>
      )}
    </li>
  );
}

/** Time-stamped notes of a lesson: write at the current second, jump to a note's second, edit, delete, like. */
export function NotesPanel({ lessonId, getTime, onJump }: NotesPanelProps) {
  const { message } = App.useApp();
  const [scope, setScope] = useState<Scope>('mine');
  const [text, setText] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [touched, setTouched] = useState(false);
  const notes = useNotes({ scope, lesson_id: lessonId, page: 1, per: NOTES_PER_PAGE });
  const create = useCreateNote();
  const error = touched ? validate(text) : null;

  async function submit() {
    setTouched(true);
    if (validate(text)) return;
    await create.mutateAsync({ lesson_id: lessonId, video_second: Math.floor(getTime()), content: text.trim(), is_public: isPublic });
    setText('');
    setTouched(false);
    setScope('mine');
    message.success('笔记已保存');
  }

  const list = notes.data?.list ?? [];
  return (
    <div className="notes-panel">
      <div className="note-form">
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="记录当前时间点的学习笔记"
          autoSize={{ minRows: 3, maxRows: 6 }}
          aria-label="笔记内容"
          status={error ? 'error' : undefined}
          showCount={{ formatter: ({ count }) => `${count} / ${NOTE_MAX_LENGTH}` }}
        />
        {error && <div className="note-form__error" role="alert">{error}</div>}
        <div className="note-form__actions">
          <Checkbox checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)}>
            公开给其他学员
          </Checkbox>
          <Button type="primary" loading={create.isPending} onClick={submit}>
            保存笔记
          </Button>
        </div>
      </div>
      <Segmented
        aria-label="笔记范围"
        block
        value={scope}
        onChange={(v) => setScope(v as Scope)}
        options={[
          { value: 'mine', label: '我的笔记' },
          { value: 'lesson', label: '学员公开笔记' },
        ]}
      />
      {notes.isPending && <Skeleton active paragraph={{ rows: 3 }} />}
      {notes.data && list.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={scope === 'mine' ? '还没有笔记，边看边记吧' : '暂无公开笔记'} />
      )}
      {list.length > 0 && (
        <ul className="note-list" aria-label={scope === 'mine' ? '我的笔记' : '学员公开笔记'}>
          {list.map((n) => (
            <NoteItem key={n.id} note={n} onJump={onJump} />
          ))}
        </ul>
      )}
    </div>
  );
}
