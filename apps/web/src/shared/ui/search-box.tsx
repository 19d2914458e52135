import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { COURSE_KEYWORD_MAX } from '@app/contracts/courses/courses.rules';
import { useServerRender } from '@/shared/lib/server-render';
import './search-box.css';

export interface SearchBoxProps {
  onSearch(text: string): void;
  /** Each keystroke's text, for a list that narrows as one types (the tool list). */
  onTextChange?(text: string): void;
  defaultValue?: string;
  className?: string;
  /** 'large' on a search page; the header's is the regular size. */
  size?: 'regular' | 'large';
  /** What is searched: the field's accessible name, its placeholder and the list's keyword rule. Courses by default. */
  label?: string;
  placeholder?: string;
  maxLength?: number;
}

/**
 * A search landmark with one field and a 搜索 button, no antd: the header's and the search page's course search, and
 * the search of the news, case, expert and tool lists.
 */
export function SearchBox({
  onSearch,
  onTextChange,
  defaultValue = '',
  className,
  size = 'regular',
  label = '搜索课程',
  placeholder = '搜索课程名称',
  maxLength = COURSE_KEYWORD_MAX,
}: SearchBoxProps) {
  const [text, setText] = useState(defaultValue);
  // Server-rendered fields stay disabled until the client takes over (see server-render.ts).
  const serverRender = useServerRender();
  return (
    <form
      className={['search-box', size === 'large' ? 'search-box--large' : '', className ?? '']
        .filter(Boolean)
        .join(' ')}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text);
      }}
    >
      <SearchOutlined className="search-box__icon" aria-hidden="true" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onTextChange?.(e.target.value);
        }}
        maxLength={maxLength}
        disabled={serverRender}
      />
      <button type="submit" disabled={serverRender}>
        搜索
      </button>
    </form>
  );
}
