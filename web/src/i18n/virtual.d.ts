// The catalogs the build compiles (scripts/messages.mjs): each message's FormatJS AST, or its words when it has nothing to fill in, by id.
declare module 'virtual:messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const catalog: Readonly<Record<string, string | MessageFormatElement[]>>;
  export default catalog;
}
