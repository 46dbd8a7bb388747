// The catalogs the build compiles (scripts/messages.mjs): each message's FormatJS AST, by id.
declare module 'virtual:messages/*' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
  const catalog: Readonly<Record<string, MessageFormatElement[]>>;
  export default catalog;
}
