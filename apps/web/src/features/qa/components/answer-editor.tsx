import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Space, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';

/**
 * The expert's answer editor (TipTap): paragraphs, bold, italic, underline, lists, quotes, small headings and links;
 * the same subset the server keeps when it sanitises the HTML (docs/decisions.md).
 */
export function AnswerEditor({ onChange }: { onChange: (html: string) => void }) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [3, 4] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: '',
    editorProps: { attributes: { 'aria-label': '解答内容', role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  if (!editor) return null;
  return (
    <div className="qa-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} className="qa-editor__content" />
    </div>
  );
}

function Tool({
  title,
  active,
  onClick,
  children,
}: {
  title: string;
  active?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <Button
        size="small"
        type={active ? 'primary' : 'text'}
        aria-label={title}
        aria-pressed={active}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('https://');
  const chain = () => editor.chain().focus();
  return (
    <div className="qa-editor__toolbar" role="toolbar" aria-label="格式">
      <Tool title="加粗" active={editor.isActive('bold')} onClick={() => chain().toggleBold().run()}>
        <BoldOutlined />
      </Tool>
      <Tool title="斜体" active={editor.isActive('italic')} onClick={() => chain().toggleItalic().run()}>
        <ItalicOutlined />
      </Tool>
      <Tool
        title="下划线"
        active={editor.isActive('underline')}
        onClick={() => chain().toggleUnderline().run()}
      >
        <UnderlineOutlined />
      </Tool>
      <Tool
        title="小标题"
        active={editor.isActive('heading', { level: 3 })}
        onClick={() => chain().toggleHeading({ level: 3 }).run()}
      >
        H
      </Tool>
      <Tool
        title="项目列表"
        active={editor.isActive('bulletList')}
        onClick={() => chain().toggleBulletList().run()}
      >
        <UnorderedListOutlined />
      </Tool>
      <Tool
        title="编号列表"
        active={editor.isActive('orderedList')}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <OrderedListOutlined />
      </Tool>
      <Tool
        title="引用"
        active={editor.isActive('blockquote')}
        onClick={() => chain().toggleBlockquote().run()}
      >
        “”
      </Tool>
      <Tool title="链接" active={editor.isActive('link')} onClick={() => setLinking((v) => !v)}>
        <LinkOutlined />
      </Tool>
      {linking && (
        <Space.Compact size="small">
          <Input
            size="small"
            value={href}
            onChange={(e) => setHref(e.target.value)}
            aria-label="链接地址"
            style={{ width: 240 }}
          />
          <Button
            size="small"
            onClick={() => {
              if (/^https?:\/\/\S+$/i.test(href)) chain().extendMarkRange('link').setLink({ href }).run();
              else chain().extendMarkRange('link').unsetLink().run();
              setLinking(false);
            }}
          >
            确定
          </Button>
        </Space.Compact>
      )}
    </div>
  );
}
