// Compresses the built web app's static files once, at build time (docs/decisions/026, third pass):
// next to each text file under the client build, a `.gz` (gzip, level 9) and a `.br` (brotli,
// quality 11), kept only when smaller than the file itself. The server sends them as they are
// (`serveStatic({ precompressed: true })` in src/server/http/web.ts), so:
// - files under 1 KB, which runtime compression leaves alone (below its threshold), go out gzipped;
// - browsers that take brotli (over HTTPS) get it, about 13% smaller than gzip, at no CPU per request;
// - the server no longer compresses the same bytes again on every request.
// HTML is not here: the pages are held in memory and sent with their CSP (web.ts).
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** What the server sends compressed: scripts, styles and text formats (not images or fonts already packed). */
const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".txt", ".xml", ".map", ".webmanifest"]);

function* filesUnder(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

/**
 * Writes `<file>.gz` and `<file>.br` for every compressible file under `dir` (replacing older ones).
 * Returns the totals in bytes: raw, and what gzip and brotli clients download.
 */
export async function precompressBuild(dir) {
  const totals = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of filesUnder(dir)) {
    const raw = fs.readFileSync(file);
    const [gz, br] = await Promise.all([
      gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
      brotli(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
    ]);
    totals.files += 1;
    totals.raw += raw.length;
    // A compressed copy that is not smaller (a tiny file) is not worth a Content-Encoding.
    for (const [suffix, data, key] of [
      [".gz", gz, "gzip"],
      [".br", br, "brotli"],
    ]) {
      const target = file + suffix;
      if (data.length < raw.length) {
        fs.writeFileSync(target, data);
        totals[key] += data.length;
      } else {
        fs.rmSync(target, { force: true });
        totals[key] += raw.length;
      }
    }
  }
  return totals;
}
