// Types of bounds.mjs, for the TypeScript tests that import it.
/** A step into the document: an object key, or the item of a list with that name. */
export type Step = string | { readonly name: string };
export declare const boundsHeader: string;
export declare const boundSources: readonly { readonly name: string; readonly what: string; readonly where: readonly Step[] }[];
export declare function spell(where: readonly Step[]): string;
export declare function boundOf(doc: unknown, where: readonly Step[]): number;
export declare function boundsSource(doc: unknown): string;
export declare const boundsFile: string;
export declare const documentFile: string;
