// `npm run build`: the web app (pre-rendered public pages + console bundle), then the server bundle.
// Records the source fingerprint so `npm start` knows the build is current.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { STAMP_FILE, sourceFingerprint } from "./build-stamp.mjs";
import { deferHydrationInBuild } from "./defer-hydration.mjs";
import { precompressBuild } from "./precompress.mjs";
import { staticPagesInBuild } from "./static-pages.mjs";

const CLIENT_DIR = "build/web/client";
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });
run("npx", ["react-router", "build"]);
// Content-only pages ship as HTML + CSS and one small enhancement script, without React
// (docs/decisions/013).
const staticPages = await staticPagesInBuild(CLIENT_DIR);
console.info(`Páginas sem React (HTML + CSS): ${staticPages.join(", ")}`);
// The React pages that remain (checkout and its pre-rendered choices, account creation) hydrate
// after they load, off the critical path (docs/decisions/008). The sign-in page's form only appears
// once the session check ran in the browser, so it hydrates at once.
const deferred = deferHydrationInBuild(CLIENT_DIR, { skip: ["/login", ...staticPages] });
console.info(`Hidratação adiada (após o load) em: ${deferred.join(", ")}`);
// Last step on the client build: nothing changes its files after this.
const packed = await precompressBuild(CLIENT_DIR);
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.info(
  `Arquivos pré-comprimidos: ${packed.files} (${kb(packed.raw)}; gzip ${kb(packed.gzip)}, brotli ${kb(packed.brotli)})`,
);
run("node", ["scripts/build-server.mjs"]);
writeFileSync(STAMP_FILE, sourceFingerprint());
