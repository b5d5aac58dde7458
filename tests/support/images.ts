/**
 * Images the photo tests send (docs/decisions/038-photo-storage.md): a phone's JPEG with GPS EXIF, and
 * a PNG that weighs kilobytes but declares billions of pixels.
 */
import zlib from "node:zlib";
import sharp from "sharp";

/** A JPEG as a phone writes it: the camera's make, where it was taken, and "rotate 90° to view". */
export async function phoneJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#336699" } })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: "CameraDaPortaria", Model: "Modelo-123" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "23/1 33/1 1234/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "46/1 38/1 0/1",
      },
    })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1-bit PNG of width × height that weighs a few KB on disk: a decompression bomb. */
export function bombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}
