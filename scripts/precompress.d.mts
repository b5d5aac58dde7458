/** Types of precompress.mjs, for the TypeScript tests that run it. */
export function precompressBuild(dir: string): Promise<{ files: number; raw: number; gzip: number; brotli: number }>;
