/**
 * The bytes of `pieces` in one buffer of their own. A kept answer must not be a slice of a larger
 * buffer: a piece of zlib's output, or a slab of Node's pool of small buffers (64 KB, which
 * Buffer.from and Buffer.concat slice anything under 32 KB from), would stay alive with it while
 * the response cache counts only the slice. One piece that is already its own buffer is returned
 * as it is, without a copy.
 */
export function ownBuffer(pieces: readonly Buffer[]): Buffer {
  const [only] = pieces;
  if (pieces.length === 1 && only && only.byteLength === only.buffer.byteLength) return only;
  let length = 0;
  for (const piece of pieces) length += piece.byteLength;
  const own = Buffer.allocUnsafeSlow(length);
  let offset = 0;
  for (const piece of pieces) offset += piece.copy(own, offset);
  return own;
}
