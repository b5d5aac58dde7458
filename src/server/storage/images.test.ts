/**
 * Photos are decoded and re-encoded before they are stored (docs/decisions/038-photo-storage.md):
 * metadata (GPS included) never survives, the type comes from the bytes, and oversized files and
 * decompression bombs are refused with a pt-BR message without reading or decoding them whole.
 */
import { Readable } from "node:stream";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bombPng, phoneJpeg } from "../../../tests/support/images";
import { IMAGE_LIMITS, ImageRefused, processImage, sniffImageType } from "./images";

const MiB = 1024 * 1024;

/** A stream that makes its bytes only when read, counting how many were asked for. */
function countingStream(total: number, first: Buffer = Buffer.from([0xff, 0xd8, 0xff, 0xe0])) {
  const chunk = 64 * 1024;
  const state = { produced: 0, destroyed: false };
  const stream = new Readable({
    highWaterMark: chunk,
    read() {
      if (state.produced >= total) return void this.push(null);
      const size = Math.min(chunk, total - state.produced);
      const bytes = Buffer.alloc(size, 0x41);
      if (state.produced === 0) first.copy(bytes);
      state.produced += size;
      this.push(bytes);
    },
    destroy(error, callback) {
      state.destroyed = true;
      callback(error);
    },
  });
  return { stream, state };
}

async function refusal(promise: Promise<unknown>): Promise<ImageRefused> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRefused);
  return error as ImageRefused;
}

describe("processImage", () => {
  it("strips every metadata block, GPS included, and turns the photo upright", async () => {
    const input = await phoneJpeg(600, 400);
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true); // the GPS IFD pointer (tag 0x8825)
    expect(before.orientation).toBe(6);

    const image = await processImage(input);
    for (const rendition of [image.display, image.thumbnail]) {
      const after = await sharp(rendition.data).metadata();
      expect(after.format).toBe("jpeg");
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(rendition.data.includes("CameraDaPortaria")).toBe(false);
      expect(rendition.data.includes("Exif\0")).toBe(false);
    }
    // Orientation 6: stored 600×400, seen 400×600.
    expect(image.source).toEqual({ format: "jpeg", bytes: input.byteLength, width: 400, height: 600 });
    expect([image.display.width, image.display.height]).toEqual([400, 600]);
    expect([image.thumbnail.width, image.thumbnail.height]).toEqual([171, 256]);
  });

  it("keeps a display image of at most 1280 px and a 256 px thumbnail, hashed", async () => {
    const input = await sharp({ create: { width: 3000, height: 2000, channels: 4, background: "#00000000" } })
      .png()
      .toBuffer();
    const image = await processImage(input);
    expect(image.source).toMatchObject({ format: "png", width: 3000, height: 2000 });
    expect([image.display.width, image.display.height]).toEqual([1280, 853]);
    // The thumbnail is scaled from the 1280 × 853 display image: 853 × 0.2 = 170.6.
    expect([image.thumbnail.width, image.thumbnail.height]).toEqual([256, 170]);
    expect(image.display.contentType).toBe("image/jpeg");
    expect(image.display.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(image.display.sha256).not.toBe(image.thumbnail.sha256);
    // Transparency becomes white, not black.
    const { data } = await sharp(image.thumbnail.data).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(240);
  });

  it("never enlarges a small image, and reads WebP and streams too", async () => {
    const input = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#ff0000" } })
      .webp()
      .toBuffer();
    const image = await processImage(Readable.from([input.subarray(0, 10), input.subarray(10)]));
    expect(image.source.format).toBe("webp");
    expect([image.display.width, image.display.height]).toEqual([200, 100]);
    expect([image.thumbnail.width, image.thumbnail.height]).toEqual([200, 100]);
  });

  it("refuses a text file named .jpg, an SVG and a GIF: the bytes decide, not the name", async () => {
    const text = await refusal(processImage(Buffer.from("isto não é uma foto, só tem o nome foto.jpg")));
    expect(text.code).toBe("IMAGE_NOT_AN_IMAGE");
    expect(text.status).toBe(415);
    expect(text.message).toBe("O arquivo não é uma imagem (JPEG, PNG ou WebP).");

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expect((await refusal(processImage(svg))).code).toBe("IMAGE_NOT_AN_IMAGE");
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .gif()
      .toBuffer();
    expect((await refusal(processImage(gif))).code).toBe("IMAGE_NOT_AN_IMAGE");
    expect(sniffImageType(gif)).toBeNull();
  });

  it("refuses an empty file and a JPEG that stops halfway", async () => {
    expect((await refusal(processImage(Buffer.alloc(0)))).message).toBe("O arquivo está vazio.");
    const jpeg = await phoneJpeg(600, 400);
    const cut = await refusal(processImage(jpeg.subarray(0, Math.floor(jpeg.byteLength / 2))));
    expect(cut.code).toBe("IMAGE_UNREADABLE");
    expect(cut.message).toContain("Não foi possível ler a imagem");
    const garbage = await refusal(processImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)])));
    expect(garbage.code).toBe("IMAGE_UNREADABLE");
  });

  it("refuses a 56-megapixel PNG of a few KB before decoding it", async () => {
    const bomb = bombPng(8000, 7000);
    expect(bomb.byteLength).toBeLessThan(64 * 1024);
    const started = performance.now();
    const error = await refusal(processImage(bomb));
    expect(error.code).toBe("IMAGE_TOO_MANY_PIXELS");
    expect(error.message).toBe("A imagem é grande demais (mais de 40 megapixels).");
    // Read from the header: no 56-million-pixel decode happened.
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("refuses 11 MB without reading the rest of the stream", async () => {
    const { stream, state } = countingStream(50 * MiB);
    const error = await refusal(processImage(stream));
    expect(error.code).toBe("IMAGE_TOO_LARGE");
    expect(error.status).toBe(413);
    expect(error.message).toBe("A imagem passa de 10 MB.");
    expect(state.produced).toBeGreaterThan(IMAGE_LIMITS.maxBytes);
    expect(state.produced).toBeLessThan(IMAGE_LIMITS.maxBytes + MiB);
    expect(state.destroyed).toBe(true);

    const buffer = await refusal(processImage(Buffer.alloc(11 * MiB)));
    expect(buffer.code).toBe("IMAGE_TOO_LARGE");
  });

  it("stops a stream at its first bytes when they are not an image", async () => {
    const { stream, state } = countingStream(50 * MiB, Buffer.from("%PDF-1.7 não é foto"));
    expect((await refusal(processImage(stream))).code).toBe("IMAGE_NOT_AN_IMAGE");
    expect(state.produced).toBeLessThan(MiB);
    expect(state.destroyed).toBe(true);
  });

  it("takes other limits", async () => {
    const input = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#123456" } })
      .jpeg()
      .toBuffer();
    const error = await refusal(processImage(input, { maxPixels: 100_000 }));
    expect(error.message).toBe("A imagem é grande demais (mais de 0,1 megapixels).");
    const small = await processImage(input, { displaySize: 200, thumbnailSize: 64 });
    expect([small.display.width, small.thumbnail.width]).toEqual([200, 64]);
    expect((await refusal(processImage(input, { maxBytes: 100 }))).code).toBe("IMAGE_TOO_LARGE");
  });
});
