// npm run contract [-- <path>]: compares the consumer's copy with the provider's OpenAPI document and prints the differences.
// <path> may be another provider document (it has an "openapi" key) or another consumer copy (it has "rounds").
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { argv, env, exit, stderr, stdout } from 'node:process';
import { fileURLToPath } from 'node:url';
import { ContractError, compareContract, parseContract } from '../src/contract/compare';

const web = fileURLToPath(new URL('..', import.meta.url));

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

function main(args: readonly string[]): number {
  let provider: unknown = readJson(resolve(web, '../openapi.json'));
  let consumer: unknown = readJson(resolve(web, 'consumer.contract.json'));
  const [path, ...rest] = args;
  if (rest.length > 0) {
    stderr.write('usage: npm run contract [-- <openapi.json or consumer contract>]\n');
    return 2;
  }
  if (path !== undefined) {
    // npm runs scripts in web/; a path the user typed is relative to where they typed it.
    const other = readJson(resolve(env['INIT_CWD'] ?? process.cwd(), path));
    if (typeof other === 'object' && other !== null && 'openapi' in other) {
      provider = other;
    } else if (typeof other === 'object' && other !== null && 'rounds' in other) {
      consumer = other;
    } else {
      stderr.write(`${path} is neither an OpenAPI document nor a consumer contract\n`);
      return 2;
    }
  }
  const contract = parseContract(consumer);
  const lines = compareContract(provider, contract);
  stdout.write(lines.length === 0 ? `${contract.consumer}: no differences\n` : `${lines.join('\n')}\n`);
  return lines.length === 0 ? 0 : 1;
}

try {
  exit(main(argv.slice(2)));
} catch (error) {
  stderr.write(`${error instanceof ContractError || error instanceof SyntaxError ? error.message : String(error)}\n`);
  exit(2);
}
