/**
 * A still picture as Chromium's fake camera (`--use-file-for-fake-video-capture`, a Y4M file): a package
 * label's barcode or a phone's QR Code held in front of the tablet, so the console's code readers
 * (docs/product.md, "Encomendas") are driven by a real image rather than a mock.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { BarcodeFormat, EncodeHintType, MultiFormatWriter } from "@zxing/library";
// @ts-expect-error plain ESM helper shared with playwright.config.ts
import { findChromium } from "../../scripts/chromium.mjs";

const WIDTH = 640;
const HEIGHT = 480;

/** dark(x, y) for a picture of `width` × `height` modules. */
interface Modules {
  width: number;
  height: number;
  dark: (x: number, y: number) => boolean;
}

/** EAN-13's digit patterns (L; R is L inverted; G is R reversed) and the first digit's parity. */
const L = [
  "0001101",
  "0011001",
  "0010011",
  "0111101",
  "0100011",
  "0110001",
  "0101111",
  "0111011",
  "0110111",
  "0001011",
];
const R = L.map((p) => [...p].map((b) => (b === "1" ? "0" : "1")).join(""));
const G = R.map((p) => [...p].reverse().join(""));
const PARITY = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"];

/** The 13th digit of an EAN-13 whose first 12 are given. */
export function ean13CheckDigit(first12: string): number {
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** An EAN-13 barcode (12 digits given, the check digit added): 95 modules wide, one tall. */
function ean13(first12: string): { code: string; modules: Modules } {
  const code = `${first12}${ean13CheckDigit(first12)}`;
  const digits = [...code].map(Number);
  const parity = PARITY[digits[0]!]!;
  let bits = "101";
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === "L" ? L : G)[digits[i]!]!;
  bits += "01010";
  for (let i = 7; i <= 12; i++) bits += R[digits[i]!]!;
  bits += "101";
  return { code, modules: { width: bits.length, height: 1, dark: (x) => bits[x] === "1" } };
}

function qr(text: string): Modules {
  const hints = new Map([[EncodeHintType.MARGIN, 0]]);
  const matrix = new MultiFormatWriter().encode(text, BarcodeFormat.QR_CODE, 0, 0, hints);
  return { width: matrix.getWidth(), height: matrix.getHeight(), dark: (x, y) => matrix.get(x, y) };
}

/** One Y4M frame (4:2:0, grey): the modules scaled to `scaleX` × `scaleY` pixels each, centred on white. */
function writeY4m(file: string, modules: Modules, scaleX: number, scaleY: number) {
  const y = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = Math.floor((WIDTH - modules.width * scaleX) / 2);
  const top = Math.floor((HEIGHT - modules.height * scaleY) / 2);
  for (let py = 0; py < modules.height * scaleY; py++) {
    for (let px = 0; px < modules.width * scaleX; px++) {
      if (modules.dark(Math.floor(px / scaleX), Math.floor(py / scaleY))) y[(top + py) * WIDTH + left + px] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, frame, frame]));
}

function tempFile(name: string) {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "guarita-video-")), name);
}

/** A package label's EAN-13, as the camera sees it; `code` is what a reader should return. */
export function barcodeVideo(first12: string): { file: string; code: string } {
  const { code, modules } = ean13(first12);
  const file = tempFile("etiqueta.y4m");
  writeY4m(file, { ...modules, height: 1 }, 4, 200);
  return { file, code };
}

/** A phone's screen showing a QR Code with `text`. */
export function qrVideo(text: string): string {
  const file = tempFile("qr.y4m");
  const modules = qr(text);
  const scale = Math.floor(300 / modules.width);
  writeY4m(file, modules, scale, scale);
  return file;
}

/** `test.use(...)` options: the config's launch options (a file's replace them) and this video as the camera. */
export function fakeVideoCamera(file: string) {
  return {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? findChromium() ?? undefined,
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        `--use-file-for-fake-video-capture=${file}`,
      ],
    },
    permissions: ["camera"],
  };
}
