/**
 * One framework recipe of docs/frameworks.md as a test file: followed from the packed
 * package in a new folder (recipe.ts), built against the stand-in, served, then checked in
 * every browser (HUB_BROWSERS) with the checks of site-checks.ts:
 *
 * - the bytes the kit adds (the page against the same site's page without the kit);
 * - JavaScript on: several loads without a console error, then a signup that shows its
 *   success text (and the app's own line, set from the element's event);
 * - JavaScript off: what the visitor reads, and the form's post and the way back, to the
 *   note that says it worked (and that was not shown before).
 *
 * Each step's time and each figure is printed, for the report.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wantedBrowsers, launch, type BrowserName } from './browser-harness.js';
import { newProject, readRecipe, type Project, type Recipe } from './recipe.js';
import { added, pageWeight, serverRenderedForm, signupWithJavaScript, signupWithoutJavaScript, type Weight } from './site-checks.js';

const repo = fileURLToPath(new URL('../..', import.meta.url));

export interface Served {
  /** The page with the kit. */
  url: string;
  /** The same site's page without the kit. */
  controlUrl: string;
  /** Something to add to the bytes: what the control page shares with the kit's page. */
  shared?: { what: string; bytes: number };
  /** Stops serving (a static server; the project's own processes stop with it). */
  close?: () => void;
}

export interface Context {
  project: Project;
  recipe: Recipe;
  env: Record<string, string>;
  standIn: string;
  served: Served;
}

export interface FrameworkSuite {
  /** As in the report: "Astro". */
  name: string;
  /** The `## ` heading of docs/frameworks.md. */
  heading: string;
  /** Folder name prefix and e-mail label. */
  slug: string;
  /** Changes the recipe's install lines where the doc says to (a version for this Node). */
  setup?: (lines: string[]) => string[];
  /** Files of the test's own, written beside the recipe's before the build: a page without the kit. */
  controlFiles?: Map<string, string>;
  /** Runs after the recipe's build lines: serves the site and its control page. */
  serve(context: Omit<Context, 'served'>, serveLine: string | undefined): Promise<Served>;
  /** Loads before the signup, with JavaScript on. */
  loads?: number;
  hydrated?: () => boolean;
  appText?: (email: string) => string;
  /** Without JavaScript the page has a form that posts (else: it shows nothing, as an app needing JavaScript). */
  formWithoutJavaScript: boolean;
  /** Tests of its own, run before the browser checks. */
  more?: (context: () => Context) => void;
  /**
   * Tests of its own in one browser, run first among that browser's checks: a browser's
   * tests follow one another, so one process of it serves them all (browser-harness.ts
   * closes a browser a few seconds after its last test, and starting one costs seconds of CPU).
   */
  moreIn?: (browserName: BrowserName, context: () => Context) => void;
  /** The browsers of the checks, when fewer than HUB_BROWSERS (those of them it names). */
  browsers?: readonly BrowserName[];
  /** The build block's line that serves the site, when not `npx … start|preview`. */
  serveLine?: RegExp;
  /** A server renders each page: check that it writes the form of hub-kit/markup into `<signup-form>`. */
  serverRendersForm?: boolean;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The note of each recipe's form, shown without JavaScript once the service sent the visitor back. */
const LANDED = 'Thanks! Please check your inbox to confirm.';

export function frameworkSuite(suite: FrameworkSuite): void {
  let context: Context | undefined;
  // Removed after the tests even when a step after the pack failed, with what it started (the stand-in).
  let made: Project | undefined;
  const timings: string[] = [];
  const timed = async <T>(what: string, work: () => T | Promise<T>): Promise<T> => {
    const started = Date.now();
    const result = await work();
    timings.push(`${what} ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };

  before(async () => {
    assert.ok(existsSync(join(repo, 'dist', 'hub-kit.js')), 'run `npm run build` first (`npm test` does)');
    const project = (made = await timed('pack', () => newProject(suite.slug)));
    const recipe = readRecipe(project.doc, suite.heading);
    const how = await timed('install', () => project.install(suite.setup ? suite.setup(recipe.setup) : recipe.setup));
    if (how === 'restored') timings.push('(the install restored from test-results/installs/)');
    project.writeFiles(recipe.files);
    if (suite.controlFiles) project.writeFiles(suite.controlFiles);
    const { env, serveLine } = await timed('build', () => project.follow(recipe.build, suite.serveLine ?? /^npx \S+ (start|preview)$/));
    const partial = { project, recipe, env, standIn: project.standIn().url };
    const served = await timed('serve', () => suite.serve(partial, serveLine));
    context = { ...partial, served };
  });

  after(() => {
    console.log(`${suite.name}: ${timings.join(', ')}`);
    context?.served.close?.();
    made?.remove();
  });

  const ctx = () => {
    assert.ok(context, 'the recipe did not build');
    return context;
  };

  describe(`${suite.name}, from docs/frameworks.md`, () => {
    if (suite.serverRendersForm) {
      test('the server renders the form of hub-kit/markup inside <signup-form>, posting to the service', async () => {
        await serverRenderedForm(ctx().served.url, ctx().standIn);
      });
    }
    suite.more?.(ctx);

    test('the kit adds this much to the page', async () => {
      const { served } = ctx();
      const browser = await launch(wantedBrowsers()[0]!);
      try {
        const page = await browser.newPage();
        await page.goto(served.controlUrl);
        const without: Weight = await pageWeight(page);
        await page.goto(served.url);
        await page.waitFor(() => Boolean(customElements.get('signup-form')), [], { what: 'the element' });
        const withKit = await pageWeight(page);
        const shared = served.shared ? `, and ${served.shared.what} ${kib(served.shared.bytes)}` : '';
        console.log(`${suite.name}: the kit adds ${added(withKit, without)}${shared} (the page: ${kib(withKit.total)})`);
        assert.ok(withKit.total > without.total);
      } finally {
        await browser.close();
      }
    });

    for (const browserName of wantedBrowsers().filter((name) => !suite.browsers || suite.browsers.includes(name))) {
      suite.moreIn?.(browserName, ctx);
      const loads = suite.loads ?? 3;
      test(`${browserName}: ${loads} loads without a console error, then a signup`, async () => {
        const { served, standIn } = ctx();
        const { errors } = await signupWithJavaScript(browserName, {
          url: served.url,
          standIn,
          loads,
          label: suite.slug,
          ...(suite.hydrated && { hydrated: suite.hydrated }),
          ...(suite.appText && { appText: suite.appText }),
        });
        console.log(`${suite.name}, ${browserName}: ${errors.length} console errors${errors.length ? `: ${errors.join(' | ')}` : ''}`);
        assert.deepEqual(errors, []);
      });

      test(`${browserName}: JavaScript off`, async () => {
        const { served, standIn } = ctx();
        const result = await signupWithoutJavaScript(browserName, served.url, standIn, suite.slug);
        if (suite.formWithoutJavaScript) {
          assert.match(result.before, /Email.*Subscribe/);
          assert.ok(!result.before.includes(LANDED), `before any post the page reads "${result.before}"`);
          assert.ok(result.landed, 'the page has no form');
          const landed = new URL(result.landed);
          assert.equal(landed.origin, new URL(served.url).origin);
          assert.equal(landed.hash, '#hub-kit-subscribed');
          assert.equal(result.after!.split(LANDED).length - 1, 1, `back on the page, it reads "${result.after}"`);
          console.log(`${suite.name}, ${browserName}, JavaScript off: the form posts; back at ${landed.pathname}${landed.search}${landed.hash}, reading "${result.after}"`);
        } else {
          assert.equal(result.landed, undefined);
          console.log(`${suite.name}, ${browserName}, JavaScript off: the page reads "${result.before}"`);
        }
      });
    }
  });

}
