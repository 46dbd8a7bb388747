import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';
export declare function compileCatalog(source: Record<string, string>): Record<string, string | MessageFormatElement[]>;
export declare function messages(dir: string): Plugin;
