/** The bytes of a blob (FileReader where Blob.arrayBuffer is missing, as in older WebViews). */
export function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('无法读取文件'));
    reader.readAsArrayBuffer(blob);
  });
}

/** The UTF-8 text of a blob (FileReader where Blob.text is missing, as in older WebViews). */
export async function readText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new TextDecoder().decode(await readBytes(blob));
}
