/** E-magazine: limits and the Chinese messages of the area. */

/** Pages of the latest issue a non-member may read (the sample PDF holds only these). */
export const MAGAZINE_SAMPLE_PAGES = 2;
/** Largest issue PDF staff may upload. */
export const MAGAZINE_PDF_MAX_BYTES = 30 * 1024 * 1024;
/** Most pages an issue PDF may have (a monthly issue runs to a few dozen; the limit bounds the work of one upload). */
export const MAGAZINE_PDF_MAX_PAGES = 300;
export const MAGAZINE_TITLE_MAX = 60;
export const MAGAZINE_SUMMARY_MAX = 300;
export const MAGAZINE_TOC_MAX = 60;
export const MAGAZINE_TOC_TITLE_MAX = 80;
/** Signed PDF URLs of an issue stay valid this long. */
export const MAGAZINE_URL_TTL_S = 2 * 3600;

export const magazineMessages = {
  notFound: '杂志不存在',
  notEntitled: '开通会员后可阅读全部期刊',
  sampleOnly: '非会员仅可试读最新一期的前几页',
  fileNotFound: '文件不存在或链接已过期',
  notPdf: '上传的文件不是 PDF',
  pdfBroken: 'PDF 文件已损坏，无法读取',
  pdfTooLarge: `PDF 文件不能超过 ${MAGAZINE_PDF_MAX_BYTES / 1024 / 1024} MB`,
  pdfEncrypted: 'PDF 文件已加密，请上传未加密的文件',
  pdfTooManyPages: `PDF 不能超过 ${MAGAZINE_PDF_MAX_PAGES} 页`,
  pdfMissing: '请选择期刊的 PDF 文件',
  titleRequired: '请填写期刊标题',
  titleTooLong: `标题不超过 ${MAGAZINE_TITLE_MAX} 个字`,
  summaryTooLong: `简介不超过 ${MAGAZINE_SUMMARY_MAX} 个字`,
  issueNoInvalid: '期号须为 1 到 999 的整数',
  yearInvalid: '年份无效',
  monthInvalid: '月份须为 1 到 12',
  issueTaken: '该年月的期刊已存在',
  tocTooMany: `目录不超过 ${MAGAZINE_TOC_MAX} 条`,
  tocTitleRequired: '请填写目录标题',
  tocTitleTooLong: `目录标题不超过 ${MAGAZINE_TOC_TITLE_MAX} 个字`,
  tocPageInvalid: '目录页码须在期刊页数以内',
  pageInvalid: '页码无效',
  alreadyPublished: '该期已发布',
  newIssueTitle: (title: string) => `新一期电子杂志已上线：${title}`,
  newIssueContent: (title: string) => `《${title}》已发布，会员可在个人中心「杂志」栏目阅读全文。`,
} as const;
