import { BoldOutlined, ItalicOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space, Tooltip } from 'antd';
import { useEffect } from 'react';

/**
 * The course description editor (TipTap, as the article editor: Chinese input methods compose correctly): headings,
 * paragraphs, emphasis and lists. The server sanitises what it receives; loaded lazily by the course editor only.
 */
export default function DescriptionEditor({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [3, 4] }, codeBlock: false, code: false })],
    content: value ?? '',
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: false,
  });
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML() && !editor.isFocused) editor.commands.setContent(value);
  }, [editor, value]);
  if (!editor) return <div className="course-description-editor" style={{ minHeight: 180 }} />;
  const mark = (active: boolean) => (active ? 'primary' : 'default');
  return (
    <div className="course-description-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space style={{ padding: 6, borderBottom: '1px solid #f0f0f0' }} wrap>
        <Button size="small" type={mark(editor.isActive('heading', { level: 3 }))} onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}>
          标题
        </Button>
        <Tooltip title="加粗">
          <Button size="small" aria-label="加粗" icon={<BoldOutlined />} type={mark(editor.isActive('bold'))} onClick={() => editor.chain().focus().toggleBold().run()} />
        </Tooltip>
        <Tooltip title="斜体">
          <Button size="small" aria-label="斜体" icon={<ItalicOutlined />} type={mark(editor.isActive('italic'))} onClick={() => editor.chain().focus().toggleItalic().run()} />
        </Tooltip>
        <Tooltip title="无序列表">
          <Button size="small" aria-label="无序列表" icon={<UnorderedListOutlined />} type={mark(editor.isActive('bulletList'))} onClick={() => editor.chain().focus().toggleBulletList().run()} />
        </Tooltip>
        <Tooltip title="有序列表">
          <Button size="small" aria-label="有序列表" icon={<OrderedListOutlined />} type={mark(editor.isActive('orderedList'))} onClick={() => editor.chain().focus().toggleOrderedList().run()} />
        </Tooltip>
      </Space>
      <EditorContent editor={editor} aria-label="课程详情" style={{ minHeight: 180, padding: '4px 12px' }} />
    </div>
  );
}
