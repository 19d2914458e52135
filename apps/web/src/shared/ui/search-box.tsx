import { SearchOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { COURSE_KEYWORD_MAX } from '@app/contracts/courses/courses.rules';
import { useServerRender } from '@/shared/lib/server-render';
import './search-box.css';

export interface SearchBoxProps {
  onSearch(text: string): void;
  defaultValue?: string;
  className?: string;
  /** 'large' on a search page; the header's is the regular size. */
  size?: 'regular' | 'large';
}

/** The course search box (header and search page): a search landmark with one field and a 搜索 button, no antd. */
export function SearchBox({ onSearch, defaultValue = '', className, size = 'regular' }: SearchBoxProps) {
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
        aria-label="搜索课程"
        placeholder="搜索课程名称"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={COURSE_KEYWORD_MAX}
        disabled={serverRender}
      />
      <button type="submit" disabled={serverRender}>
        搜索
      </button>
    </form>
  );
}
