import { Alert, Button, Empty, Input, InputNumber, Result, Skeleton, Tabs, Tooltip } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type TouchEvent as ReactTouchEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { MagazineRead } from '@app/contracts';
import { isApiError } from '@/shared/lib/api-error';
import { magazineApi } from '../api/magazine-api';
import { useMagazineRead } from '../api/use-magazine';
import { PdfPageCanvas } from '../components/pdf-page-canvas';
import { findInPages, loadPdfjs, pageForKey, swipeTurn, type PDFDocumentProxy } from '../lib/pdfjs';
import './magazine-read.css';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2];
const THUMB_WIDTH = 120;

function JoinPrompt({ pages }: { pages: number }) {
  return (
    <div className="mreader__join" data-testid="join-prompt">
      <h3>试读已结束</h3>
      <p>非会员可试读本期前 {pages} 页，开通会员即可阅读全部期刊。</p>
      <Link to="/payment?type=buyVip">
        <Button type="primary">开通会员</Button>
      </Link>
    </div>
  );
}

function Reader({ issue }: { issue: MagazineRead }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [page, setPage] = useState(issue.last_page);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [mainWidth, setMainWidth] = useState(0);
  const [pageWidth, setPageWidth] = useState(595);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ReturnType<typeof findInPages> | null>(null);
  const [searching, setSearching] = useState(false);
  const texts = useRef<string[] | null>(null);
  const mainRef = useRef<HTMLDivElement>(null);
  const pages = issue.pdf_pages;

  useEffect(() => {
    let gone = false;
    let opened: PDFDocumentProxy | undefined;
    loadPdfjs()
      .then((pdfjs) =>
        // Range requests: the first pages show before the whole file has arrived.
        pdfjs.getDocument({ url: issue.pdf_url, rangeChunkSize: 64 * 1024, disableAutoFetch: true, disableStream: true })
          .promise,
      )
      .then(async (d) => {
        opened = d;
        if (gone) return void d.destroy();
        const first = await d.getPage(1);
        setPageWidth(first.getViewport({ scale: 1 }).width);
        setDoc(d);
      })
      .catch(() => !gone && setLoadError(true));
    return () => {
      gone = true;
      void opened?.destroy();
    };
  }, [issue.pdf_url]);

  useLayoutEffect(() => {
    const el = mainRef.current;
    if (!el) return;
    const measure = () => {
      const style = window.getComputedStyle(el);
      setMainWidth(el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const go = useCallback((p: number) => setPage(Math.min(pages, Math.max(1, p))), [pages]);

  // The page reached is remembered for this reader on every device.
  const saved = useRef(issue.last_page);
  useEffect(() => {
    if (saved.current === page) return;
    saved.current = page;
    void magazineApi.saveProgress(issue.id, page).catch(() => undefined);
  }, [issue.id, page]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      const next = pageForKey(e.key, page, pages);
      if (next === null) return;
      e.preventDefault();
      go(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [page, pages, go]);

  // Phones: a one-finger swipe across the page turns it. A pinch (two fingers), a page zoomed by pinching
  // (visualViewport.scale) or by the zoom buttons leaves the finger to pan instead.
  const touchStart = useRef<{ x: number; y: number; multi: boolean } | null>(null);
  const [pinched, setPinched] = useState(false);
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const onResize = () => setPinched(viewport.scale > 1.01);
    viewport.addEventListener('resize', onResize);
    return () => viewport.removeEventListener('resize', onResize);
  }, []);
  const onTouchStart = (e: ReactTouchEvent) => {
    const t = e.touches[0];
    if (e.touches.length > 1) {
      if (touchStart.current) touchStart.current.multi = true;
      return;
    }
    if (t) touchStart.current = { x: t.clientX, y: t.clientY, multi: false };
  };
  const onTouchEnd = (e: ReactTouchEvent) => {
    const start = touchStart.current;
    const t = e.changedTouches[0];
    if (e.touches.length > 0) return;
    touchStart.current = null;
    if (!start || start.multi || !t) return;
    const main = mainRef.current;
    const pinchedNow = (window.visualViewport?.scale ?? 1) > 1.01;
    const wider = main ? main.scrollWidth > main.clientWidth + 1 : false;
    const turn = swipeTurn(t.clientX - start.x, t.clientY - start.y, { zoomedIn: pinchedNow || wider });
    if (turn) go(page + turn);
  };

  async function search(value: string) {
    setQuery(value);
    if (!doc || !value.trim()) return setResults(null);
    setSearching(true);
    try {
      if (!texts.current) {
        const all: string[] = [];
        for (let i = 1; i <= doc.numPages; i++) {
          const content = await (await doc.getPage(i)).getTextContent();
          all.push(content.items.map((it) => ('str' in it ? it.str : '')).join(''));
        }
        texts.current = all;
      }
      setResults(findInPages(texts.current, value));
    } finally {
      setSearching(false);
    }
  }

  const width = zoom === 'fit' ? Math.max(200, mainWidth) : Math.round(pageWidth * zoom * 1.333);
  const zoomIndex = zoom === 'fit' ? -1 : ZOOMS.indexOf(zoom);
  const stepZoom = (dir: 1 | -1) => {
    const current = zoom === 'fit' ? mainWidth / (pageWidth * 1.333) : zoom;
    const next = dir > 0 ? ZOOMS.find((z) => z > current + 0.01) : [...ZOOMS].reverse().find((z) => z < current - 0.01);
    if (next) setZoom(next);
  };

  const side = (
    <Tabs
      size="small"
      items={[
        {
          key: 'toc',
          label: '目录',
          children:
            issue.toc.length === 0 ? (
              <Empty description="本期暂无目录" image={Empty.PRESENTED_IMAGE_SIMPLE} />
            ) : (
              <ul className="mreader__toc" aria-label="目录">
                {issue.toc.map((t) => (
                  <li key={`${t.page}-${t.title}`}>
                    <button type="button" onClick={() => go(t.page)}>
                      <span>{t.title}</span>
                      <span>{t.page}</span>
                    </button>
                  </li>
                ))}
              </ul>
            ),
        },
        {
          key: 'thumbs',
          label: '缩略图',
          children: doc ? (
            <ul className="mreader__thumbs" aria-label="页面缩略图">
              {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
                <li key={p}>
                  <button type="button" className="mreader__thumb" aria-current={p === page ? 'page' : undefined} onClick={() => go(p)}>
                    <PdfPageCanvas doc={doc} page={p} width={THUMB_WIDTH} label={`第 ${p} 页缩略图`} />
                    <span>{p}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <Skeleton active />
          ),
        },
        {
          key: 'search',
          label: '搜索',
          children: (
            <div>
              <Input.Search
                aria-label="在本期中搜索"
                placeholder="输入关键词"
                allowClear
                loading={searching}
                disabled={!doc}
                onSearch={(v) => void search(v)}
              />
              {results && (
                <ul className="mreader__results" aria-label="搜索结果">
                  {results.length === 0 && <li>未找到“{query}”</li>}
                  {results.map((r) => (
                    <li key={r.page}>
                      <button type="button" onClick={() => go(r.page)}>
                        第 {r.page} 页（{r.hits} 处）：{r.excerpt}
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ),
        },
      ]}
    />
  );

  return (
    <section className="mreader">
      {issue.readable === 'sample' && (
        <Alert
          type="warning"
          showIcon
          title={`试读本：本期共 ${issue.page_count} 页，非会员可阅读前 ${pages} 页`}
          action={
            <Link to="/payment?type=buyVip">
              <Button size="small" type="primary">开通会员</Button>
            </Link>
          }
        />
      )}
      <div className="mreader__bar" role="toolbar" aria-label="阅读工具">
        <span className="mreader__title">
          {issue.title} · {issue.year}年{issue.month}月
        </span>
        <Button onClick={() => go(page - 1)} disabled={page <= 1}>
          上一页
        </Button>
        <span>
          <InputNumber
            size="small"
            min={1}
            max={pages}
            value={page}
            aria-label="页码"
            onChange={(v) => typeof v === 'number' && go(v)}
            style={{ width: 64 }}
          />{' '}
          <span data-testid="page-indicator">
            {page} / {pages}
          </span>
        </span>
        <Button onClick={() => go(page + 1)} disabled={page >= pages}>
          下一页
        </Button>
        <Tooltip title="缩小">
          <Button aria-label="缩小" onClick={() => stepZoom(-1)} disabled={zoomIndex === 0}>
            −
          </Button>
        </Tooltip>
        <span aria-live="polite">{zoom === 'fit' ? '适合宽度' : `${Math.round(zoom * 100)}%`}</span>
        <Tooltip title="放大">
          <Button aria-label="放大" onClick={() => stepZoom(1)} disabled={zoomIndex === ZOOMS.length - 1}>
            +
          </Button>
        </Tooltip>
        <Button onClick={() => setZoom('fit')} type={zoom === 'fit' ? 'primary' : 'default'}>
          适合宽度
        </Button>
        <span className="mreader__hint">左右滑动翻页，双指可缩放</span>
      </div>
      <div className="mreader__body">
        <aside className="mreader__side">{side}</aside>
        <div
          className={zoom === 'fit' && !pinched ? 'mreader__main mreader__main--swipe' : 'mreader__main'}
          ref={mainRef}
          tabIndex={0}
          aria-label="杂志页面"
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          onTouchCancel={() => (touchStart.current = null)}
        >
          {loadError ? (
            <Result status="error" title="期刊文件加载失败" extra={<Button onClick={() => window.location.reload()}>重新加载</Button>} />
          ) : doc ? (
            <PdfPageCanvas doc={doc} page={page} width={width} label={`第 ${page} 页`} />
          ) : (
            <div className="mreader__loading">正在加载期刊…</div>
          )}
          {issue.readable === 'sample' && page === pages && <JoinPrompt pages={pages} />}
        </div>
      </div>
    </section>
  );
}

/** /center/magazine-read/:magazineId: the issue in a PDF.js reader (PDF.js is loaded by this page only). */
export default function MagazineReadPage() {
  const { magazineId } = useParams();
  const id = Number(magazineId);
  const valid = Number.isInteger(id) && id > 0;
  const q = useMagazineRead(valid ? id : 0, valid);
  if (!valid) return <Result status="404" title="杂志不存在" extra={<Link to="/center/magazine">返回杂志列表</Link>} />;
  if (q.isError) {
    const err = q.error;
    if (isApiError(err) && err.code === 403) {
      return (
        <Result
          status="warning"
          title={err.message}
          extra={
            <>
              <Link to="/payment?type=buyVip">
                <Button type="primary">开通会员</Button>
              </Link>
              <Link to="/center/magazine">返回杂志列表</Link>
            </>
          }
        />
      );
    }
    return <Result status="404" title={isApiError(err) ? err.message : '杂志加载失败'} extra={<Link to="/center/magazine">返回杂志列表</Link>} />;
  }
  if (q.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;
  return <Reader key={q.data.id} issue={q.data} />;
}
