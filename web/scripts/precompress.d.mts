// Types of precompress.mjs, for the TypeScript tests that import it.
export declare const compressible: ReadonlySet<string>;
export declare function precompress(dir: string): { path: string; bytes: number; brotli: number }[];
