import sanitizeHtml from 'sanitize-html';

/**
 * The answer editor's safe subset: paragraphs, line breaks, emphasis, lists, quotes, small headings and links.
 * Everything else is removed (scripts and styles with their content, event handlers, every attribute but a link's
 * href); links keep only http, https and mailto and open in a new tab without the opener.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h3',
    'h4',
    'a',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }),
  },
};

// transformTags adds target and rel after the attribute filter, so allow them on the way out.
const OUTPUT: sanitizeHtml.IOptions = {
  ...OPTIONS,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
};

export function sanitizeAnswer(html: string): string {
  return sanitizeHtml(html, OUTPUT).trim();
}

/** The visible text of sanitised HTML (for the minimum-length check and excerpts). */
export function textOf(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
