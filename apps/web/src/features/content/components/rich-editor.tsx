import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { App, Button, Input, Progress, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '@/shared/lib/api-client';
import { articlesApi } from '../api/articles-api';

/**
 * Word pastes carry <style> blocks, conditional comments, mso-* styles, classes and <o:p> tags. The editor's
 * schema keeps only its own nodes and marks (no style or class survives), and this drops the rest before parsing;
 * the server's allowlist removes anything that would still get through.
 */
export function stripWordHtml(html: string): string {
  return html
    .replace(/<!--\[if[\s\S]*?<!\[endif\]-->/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/<\/?o:p[^>]*>/gi, '')
    .replace(/\s(style|class|lang)="[^"]*"/gi, '')
    .replace(/\s(style|class|lang)='[^']*'/gi, '');
}

/**
 * The staff article editor (TipTap / ProseMirror: composition events of Chinese input methods are handled by the
 * engine, so pinyin candidates are never committed half-way). Headings, emphasis, lists, quotes, links and images
 * uploaded through the server's image checks, with upload progress.
 */
export default function RichEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // What the editor last reported: a `value` equal to it is our own echo, anything else came from outside.
  const emitted = useRef(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: { 'aria-label': '正文', role: 'textbox', 'aria-multiline': 'true', class: 'cms-editor__area' },
      transformPastedHTML: stripWordHtml,
    },
    onUpdate: ({ editor: e }) => {
      emitted.current = e.isEmpty ? '' : e.getHTML();
      onChange(emitted.current);
    },
  });

  // A loaded article, the server's cleaned copy after a save or a restored version replaces the content; the
  // editor's own updates echo back as `value` (possibly a few keystrokes late) and are left alone.
  useEffect(() => {
    if (editor && value !== emitted.current) {
      emitted.current = value;
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  const upload = async (file: File) => {
    setProgress(0);
    try {
      const res = await articlesApi.uploadImage(file, setProgress);
      editor?.chain().focus().setImage({ src: res.data.url, alt: file.name.replace(/\.[^.]+$/, '') }).run();
      message.success(res.message);
    } catch (err) {
      message.error(isApiError(err) ? err.message : '图片上传失败');
    } finally {
      setProgress(null);
    }
  };

  if (!editor) return <div className="cms-editor cms-editor--loading" />;
  return (
    <div className="cms-editor">
      <Toolbar editor={editor} onImage={() => fileRef.current?.click()} />
      <input
        ref={fileRef}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        aria-label="选择图片"
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void upload(file);
        }}
      />
      {progress !== null && <Progress percent={progress} size="small" aria-label="图片上传进度" />}
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor, onImage }: { editor: Editor; onImage: () => void }) {
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('');
  const btn = (label: string, icon: ReactNode, active: boolean, run: () => void) => (
    <Tooltip title={label} key={label}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} aria-label={label} onClick={run} />
    </Tooltip>
  );
  const heading = (level: 2 | 3) => (
    <Button
      key={`h${level}`}
      size="small"
      type={editor.isActive('heading', { level }) ? 'primary' : 'text'}
      onClick={() => editor.chain().focus().toggleHeading({ level }).run()}
    >
      {level === 2 ? '标题' : '小标题'}
    </Button>
  );
  return (
    <div className="cms-editor__toolbar" role="toolbar" aria-label="格式">
      <Space size={2} wrap>
        {heading(2)}
        {heading(3)}
        {btn('加粗', <BoldOutlined />, editor.isActive('bold'), () => editor.chain().focus().toggleBold().run())}
        {btn('斜体', <ItalicOutlined />, editor.isActive('italic'), () => editor.chain().focus().toggleItalic().run())}
        {btn('下划线', <UnderlineOutlined />, editor.isActive('underline'), () => editor.chain().focus().toggleUnderline().run())}
        {btn('无序列表', <UnorderedListOutlined />, editor.isActive('bulletList'), () => editor.chain().focus().toggleBulletList().run())}
        {btn('有序列表', <OrderedListOutlined />, editor.isActive('orderedList'), () => editor.chain().focus().toggleOrderedList().run())}
        {btn('链接', <LinkOutlined />, editor.isActive('link'), () => setLinkOpen((v) => !v))}
        {btn('插入图片', <PictureOutlined />, false, onImage)}
      </Space>
      {linkOpen && (
        <Space.Compact style={{ marginTop: 6, width: '100%' }}>
          <Input size="small" aria-label="链接地址" placeholder="https://" value={href} onChange={(e) => setHref(e.target.value)} />
          <Button
            size="small"
            onClick={() => {
              if (href) editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
              else editor.chain().focus().unsetLink().run();
              setLinkOpen(false);
              setHref('');
            }}
          >
            确定
          </Button>
        </Space.Compact>
      )}
    </div>
  );
}
