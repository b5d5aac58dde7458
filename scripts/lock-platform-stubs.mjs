// The package registry reachable here mirrors only the Linux glibc builds of packages that ship
// per-platform binaries (biome, rollup, tailwind's oxide, …), so `npm install` cannot record the
// other platforms' optional packages, and `npm ci` then refuses the lock ("Missing: … from lock
// file"). This adds those optional entries with the os/cpu/libc npm needs to skip them, which is
// what a lock written with full registry access contains. Run after any change to package-lock.json:
//   node scripts/lock-platform-stubs.mjs
import { readFileSync, writeFileSync } from "node:fs";

const LOCK = "package-lock.json";
const lock = JSON.parse(readFileSync(LOCK, "utf8"));
const packages = lock.packages;

const OS = [
  "android",
  "darwin",
  "freebsd",
  "linux",
  "openbsd",
  "win32",
  "openharmony",
  "netbsd",
  "sunos",
  "aix",
  "wasi",
];
const CPU = {
  arm64: "arm64",
  x64: "x64",
  arm: "arm",
  ia32: "ia32",
  loong64: "loong64",
  ppc64: "ppc64",
  riscv64: "riscv64",
  s390x: "s390x",
  wasm32: "wasm32",
  mips64el: "mips64el",
};

/** "@rollup/rollup-linux-arm64-musl" → { os: ["linux"], cpu: ["arm64"], libc: ["musl"] } */
function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts
    .map((p) => CPU[p] ?? (p === "eabi" || p === "gnueabihf" || p === "musleabihf" ? null : undefined))
    .find(Boolean);
  const libc = parts.some((p) => p.startsWith("musl"))
    ? "musl"
    : os === "linux" && parts.some((p) => p.startsWith("gnu"))
      ? "glibc"
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const base = path === "" ? "" : `${path}/`;
    const key = `${base}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[key] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform build: leave it alone
    packages[hoisted] = {
      version: version.replace(/^[\^~=]/, ""),
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(meta.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.info(`${added} entradas opcionais de outras plataformas adicionadas ao ${LOCK}`);
