import { useEffect, useRef } from 'react';
import type { PDFDocumentProxy } from '../lib/pdfjs';

/**
 * One page of the PDF drawn on a canvas at `width` CSS pixels (sharp on high-density screens). A newer render
 * cancels the one in flight.
 */
export function PdfPageCanvas({
  doc,
  page,
  width,
  label,
}: {
  doc: PDFDocumentProxy;
  page: number;
  width: number;
  label: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    void doc.getPage(page).then((p) => {
      const canvas = ref.current;
      if (cancelled || !canvas || width <= 0) return;
      const base = p.getViewport({ scale: 1 });
      const scale = width / base.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: scale * ratio });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.width = `${Math.floor(viewport.width / ratio)}px`;
      canvas.style.height = `${Math.floor(viewport.height / ratio)}px`;
      task = p.render({ canvas, viewport });
      task.promise.then(
        () => {
          if (!cancelled) canvas.dataset.rendered = String(page);
        },
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, width]);

  return <canvas ref={ref} role="img" aria-label={label} className="pdf-canvas" />;
}
