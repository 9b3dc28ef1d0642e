import { closeSync, fstatSync, openSync, readSync, writeSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { RoaringBitmap32 } from './roaring';

/** Person ids are split into shards of 2^20: each shard's bitmaps are independent and cache-sized. */
export const SHARD_BITS = 20;
export const SHARD_SIZE = 1 << SHARD_BITS;
const MAGIC = 0x31435344; // 'DSC1'

export type MembershipKind = 'matched' | 'modeled';

/**
 * One segment's membership of one kind, one file: every shard's portable roaring bitmap (local
 * ids 0..2^20-1) one after the other, then a footer of byte lengths, the shard count and a magic
 * number. Written shard by shard; read one shard at a time with positional reads.
 */
export class SegmentFileWriter {
  private fd: number | null;
  private lengths: number[] = [];

  /** `holdOpen: false` opens the file for each write: a writer of many segments at once holds no file open. */
  constructor(
    private readonly path: string,
    private readonly opts: { holdOpen?: boolean } = {},
  ) {
    this.fd = openSync(path, 'w');
    if (opts.holdOpen === false) {
      closeSync(this.fd);
      this.fd = null;
    }
  }

  private write(buf: Uint8Array): void {
    if (this.fd !== null) {
      writeSync(this.fd, buf);
      return;
    }
    const fd = openSync(this.path, 'a');
    try {
      writeSync(fd, buf);
    } finally {
      closeSync(fd);
    }
  }

  append(bitmap: RoaringBitmap32): void {
    const buf = bitmap.isEmpty ? Buffer.alloc(0) : bitmap.serialize('portable');
    if (buf.length) this.write(buf);
    this.lengths.push(buf.length);
  }

  close(): void {
    const footer = Buffer.alloc(this.lengths.length * 4 + 8);
    this.lengths.forEach((l, i) => footer.writeUInt32LE(l, i * 4));
    footer.writeUInt32LE(this.lengths.length, this.lengths.length * 4);
    footer.writeUInt32LE(MAGIC, this.lengths.length * 4 + 4);
    this.write(footer);
    if (this.fd !== null) closeSync(this.fd);
  }
}

/** A shard's portable bytes as a bitmap. */
export function toBitmap(bytes: Buffer): RoaringBitmap32 {
  return bytes.length === 0 ? new RoaringBitmap32() : RoaringBitmap32.deserialize(bytes, 'portable');
}

export class SegmentFileReader {
  private fd: number;
  readonly offsets: number[] = [];
  readonly lengths: number[] = [];

  constructor(readonly path: string) {
    this.fd = openSync(path, 'r');
    const size = fstatSync(this.fd).size;
    const tail = Buffer.alloc(8);
    readSync(this.fd, tail, 0, 8, size - 8);
    if (tail.readUInt32LE(4) !== MAGIC) throw new Error(`${path}: not a segment file`);
    const n = tail.readUInt32LE(0);
    const footer = Buffer.alloc(n * 4);
    readSync(this.fd, footer, 0, n * 4, size - 8 - n * 4);
    let at = 0;
    for (let i = 0; i < n; i++) {
      const l = footer.readUInt32LE(i * 4);
      this.offsets.push(at);
      this.lengths.push(l);
      at += l;
    }
  }

  get shardCount(): number {
    return this.lengths.length;
  }

  /** The portable roaring bytes of one shard (empty when the shard has no members). */
  readBytes(shard: number): Buffer {
    const len = this.lengths[shard] ?? 0;
    const buf = Buffer.alloc(len);
    if (len) readSync(this.fd, buf, 0, len, this.offsets[shard]);
    return buf;
  }

  /** The bitmap of one shard (empty when the shard has no members). */
  read(shard: number): RoaringBitmap32 {
    return toBitmap(this.readBytes(shard));
  }

  close(): void {
    closeSync(this.fd);
  }
}

/**
 * Checks a segment file's frame without reading its bitmaps: it exists, ends with the magic
 * number, has `shards` shards and its lengths add up to its size. The problem, or null.
 */
export function checkSegmentFile(path: string, shards: number): string | null {
  const name = `${basename(dirname(path))}/${basename(path)}`;
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    return `${name} is missing (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
  }
  try {
    const size = fstatSync(fd).size;
    if (size < 8) return `${name} is truncated (${size} bytes)`;
    const tail = Buffer.alloc(8);
    readSync(fd, tail, 0, 8, size - 8);
    if (tail.readUInt32LE(4) !== MAGIC) return `${name} is not a segment file (no end marker: truncated or overwritten)`;
    const n = tail.readUInt32LE(0);
    if (n !== shards) return `${name} has ${n} shards, the manifest ${shards}`;
    if (size < 8 + 4 * n) return `${name} is truncated`;
    const footer = Buffer.alloc(n * 4);
    readSync(fd, footer, 0, n * 4, size - 8 - n * 4);
    let total = 8 + 4 * n;
    for (let i = 0; i < n; i++) total += footer.readUInt32LE(i * 4);
    return total === size ? null : `${name} is ${size} bytes, its footer says ${total}`;
  } finally {
    closeSync(fd);
  }
}
