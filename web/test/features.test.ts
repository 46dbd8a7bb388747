// Runs the Gherkin scenarios in ../features with Vitest: each pickle is a test, each step must match exactly one definition.
import { readFileSync, readdirSync } from 'node:fs';
import { AstBuilder, GherkinClassicTokenMatcher, Parser, compile } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerQuestion, askForTime } from '../src/booking/slice';
import { makeStore } from '../src/store';
import type { AppStore } from '../src/store';
import { FakeSalon } from './fakeSalon';
import type { Scripted } from './fakeWire';

/** One scenario's world: made fresh for each pickle. */
interface World {
  salon: FakeSalon;
  store?: AppStore;
  openSlots: readonly string[];
  scripted?: { round: 'round one' | 'round two'; reply: Scripted };
}

interface StepDefinition {
  readonly pattern: RegExp;
  readonly run: (world: World, ...groups: string[]) => void | Promise<void>;
}

function theStore(world: World): AppStore {
  if (world.store === undefined) {
    throw new Error('no salon yet: a Given must name the salon first');
  }
  return world.store;
}

const steps: StepDefinition[] = [
  {
    pattern: /^the salon "([^"]+)" with the open times "([^"]*)"$/,
    run: (world, salon, times) => {
      world.openSlots = times.split(',').map((time) => time.trim()).filter((time) => time !== '');
      world.store = makeStore({ origin: 'http://salon.test', salon, openSlots: world.openSlots });
    },
  },
  {
    pattern: /^the salon answers (round one|round two) with (.+)$/,
    run: (world, round, reply) => {
      JSON.parse(reply); // a row that isn't JSON is a broken example, not a malformed reply
      world.scripted = {
        round: round === 'round one' ? 'round one' : 'round two',
        reply: { status: 200, contentType: 'application/json', body: reply },
      };
    },
  },
  {
    pattern: /^the customer books "([^"]*)", choosing the first time offered$/,
    run: async (world, message) => {
      const store = theStore(world);
      if (world.scripted?.round === 'round one') {
        world.salon.answerNext(world.scripted.reply);
      }
      await store.dispatch(askForTime({ message }));
      const flow = store.getState().booking.flow;
      if (flow.phase !== 'asking') {
        return;
      }
      if (world.scripted?.round === 'round two') {
        world.salon.answerNext(world.scripted.reply);
      }
      const first = flow.question.times[0];
      if (first === undefined) {
        throw new Error('the question offered no time to choose');
      }
      await store.dispatch(answerQuestion({ kind: 'accept', time: first }));
    },
  },
  {
    pattern: /^the booking fails as (.+)$/,
    run: (world, kind) => {
      expect(theStore(world).getState().booking.flow).toMatchObject({ phase: 'failed', failure: { kind } });
    },
  },
  {
    pattern: /^the problem reads "(.*)"$/,
    run: (world, problem) => {
      const flow = theStore(world).getState().booking.flow;
      expect(flow.phase === 'failed' ? flow.failure.problem : `(phase ${flow.phase})`).toBe(problem);
    },
  },
  {
    pattern: /^nothing is booked$/,
    run: (world) => {
      const { booked, openSlots } = theStore(world).getState().booking;
      expect(booked).toEqual([]);
      expect(openSlots).toEqual(world.openSlots);
    },
  },
];

function definitionFor(text: string): { definition: StepDefinition; groups: string[] } {
  const matches = steps.flatMap((definition) => {
    const match = definition.pattern.exec(text);
    return match === null ? [] : [{ definition, groups: match.slice(1) }];
  });
  const [only, ...others] = matches;
  if (only === undefined) {
    throw new Error(`undefined step: ${text}`);
  }
  if (others.length > 0) {
    throw new Error(`ambiguous step: ${text}`);
  }
  return only;
}

const featuresDir = new URL('../features/', import.meta.url);
const featureFiles = readdirSync(featuresDir).filter((name) => name.endsWith('.feature'));

it('finds the feature files', () => {
  expect(featureFiles.length).toBeGreaterThan(0);
});

for (const file of featureFiles) {
  const source = readFileSync(new URL(file, featuresDir), 'utf8');
  const newId = IdGenerator.incrementing();
  const document = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(source);
  const pickles = compile(document, `features/${file}`, newId);

  describe(`Feature: ${document.feature?.name ?? file}`, () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    for (const pickle of pickles) {
      it(pickle.name, async () => {
        const world: World = { salon: new FakeSalon().install(), openSlots: [] };
        for (const step of pickle.steps) {
          const { definition, groups } = definitionFor(step.text);
          await definition.run(world, ...groups);
        }
      });
    }
  });
}
