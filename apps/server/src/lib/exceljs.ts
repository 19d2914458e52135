/**
 * exceljs, loaded on the first workbook a request writes: evaluating the package took about 80 ms of every start and
 * several MB of an idle process, for the few requests that export or hand out a template. (Uploaded workbooks are
 * read in the workbook guard's worker thread, which loads its own copy.)
 */
export async function loadExcelJS(): Promise<typeof import('exceljs')> {
  return (await import('exceljs')).default;
}
