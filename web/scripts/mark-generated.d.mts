// Types of mark-generated.mjs, for the TypeScript tests that import it.
export declare const generatedHeader: string;
export declare function markGenerated(path: string): void;
