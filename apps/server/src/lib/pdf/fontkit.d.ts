// fontkit 2 ships no type declarations; pdf-lib only needs `create` (its own Fontkit type describes the result).
declare module 'fontkit' {
  export function create(data: Uint8Array, postscriptName?: string): unknown;
}
