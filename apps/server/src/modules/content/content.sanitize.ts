import sanitizeHtml from 'sanitize-html';
import { CONTENT_IMAGE_URL_PREFIX, imageSrcSet, linkPageHref, outsideLinkTarget } from '@app/contracts';

/** The width an article image takes: the whole phone screen, or at most the article column at a desk. */
const ARTICLE_IMAGE_SIZES = '(max-width: 767px) 100vw, 760px';

/**
 * The article editor's kept subset: headings, paragraphs, emphasis, lists, quotes, tables, links and uploaded images.
 * Everything else goes: scripts, styles and iframes with their content, every style/class/event attribute (so a
 * paste from Word keeps its text and structure, never its formatting), links other than http, https and mailto,
 * and images other than the ones uploaded to this site.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  // srcset and sizes are never taken from the input: the img transform below rebuilds them from src.
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt', 'srcset', 'sizes', 'loading'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'title', 'xml'],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => ({
      tagName,
      attribs: attribs.href
        ? { href: attribs.href, target: '_blank', rel: 'noopener noreferrer nofollow' }
        : ({} as sanitizeHtml.Attributes),
    }),
    // An uploaded image is served with its narrower copies (see image-store.ts), lazily below the fold.
    img: (tagName, attribs): sanitizeHtml.Tag => {
      const srcset = imageSrcSet(attribs.src);
      return {
        tagName,
        attribs: {
          ...(attribs.src !== undefined ? { src: attribs.src } : {}),
          ...(attribs.alt !== undefined ? { alt: attribs.alt } : {}),
          ...(srcset ? { srcset, sizes: ARTICLE_IMAGE_SIZES } : {}),
          loading: 'lazy',
        } as sanitizeHtml.Attributes,
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !(frame.attribs.src ?? '').startsWith(CONTENT_IMAGE_URL_PREFIX),
};

/** The stored form of an editor body. */
export function sanitizeArticle(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The visible text of HTML, whitespace collapsed (search and excerpts). */
export function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Public output: links to other sites leave through the /linkPage interstitial. */
export function routeOutsideLinks(html: string, ownHost: string | null): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    exclusiveFilter: undefined,
    transformTags: {
      a: (tagName, attribs) => {
        const target = outsideLinkTarget(attribs.href);
        if (!target || (ownHost && target.hostname === ownHost)) return { tagName, attribs };
        return { tagName, attribs: { ...attribs, href: linkPageHref(target.toString()) } };
      },
    },
    allowedSchemes: ['http', 'https', 'mailto'],
  });
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The opening of a members-only case for a non-member: plain text of the first `chars` characters. */
export function previewOf(bodyText: string, chars: number): string {
  const cut = bodyText.length > chars ? `${bodyText.slice(0, chars)}……` : bodyText;
  return `<p>${escapeHtml(cut)}</p>`;
}
