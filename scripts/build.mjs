// `npm run build`: the web app (pre-rendered public pages + console bundle), then the server bundle.
// Records the source fingerprint so `npm start` knows the build is current.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { STAMP_FILE, sourceFingerprint } from "./build-stamp.mjs";
import { deferHydrationInBuild } from "./defer-hydration.mjs";

const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit" });
run("npx", ["react-router", "build"]);
// The public pages hydrate after they load, off the critical path (docs/decisions/008). The sign-in
// page's form only appears once the session check ran in the browser, so it hydrates at once.
const deferred = deferHydrationInBuild("build/web/client", { skip: ["/login"] });
console.info(`Hidratação adiada (após o load) em: ${deferred.join(", ")}`);
run("node", ["scripts/build-server.mjs"]);
writeFileSync(STAMP_FILE, sourceFingerprint());
