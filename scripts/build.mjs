// `npm run build`: the web app (pre-rendered public pages + console bundle), then the server bundle.
// Records the source fingerprint so `npm start` knows the build is current.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { STAMP_FILE, sourceFingerprint } from "./build-stamp.mjs";

const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });
run("npx", ["react-router", "build"]);
run("node", ["scripts/build-server.mjs"]);
writeFileSync(STAMP_FILE, sourceFingerprint());
