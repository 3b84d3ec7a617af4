/**
 * `model-options`: the model-based tests' runs, seed, path and commands' replay path from
 * HUB_MODEL_RUNS, HUB_MODEL_SEED, HUB_MODEL_PATH and HUB_MODEL_REPLAY, which a browser test
 * cannot read itself.
 *
 * `hold-key`: real keyboard input the test runner's own commands cannot give in every browser: a key
 * held down, so that the browser sends its repeated keydowns (`event.repeat` true) the way
 * a visitor's keyboard does.
 *
 *   await executeServerCommand('hold-key', { key: 'Enter', repeats: 20, intervalMs: 50 });
 *
 * Chromium (Playwright) and Firefox (Puppeteer) press the key again while it is down, which
 * both mark as a repeat. WebKitWebDriver sends one keydown for a key held down and never
 * the repeats, so in WebKit a held key is one press.
 *
 * `screenshot`: what a sighted visitor sees of one region of the page, as a PNG (base64), in
 * Chromium (Playwright), for tests that compare how states look, with `emulateMedia` (for
 * forced colours, say) from @web/test-runner-commands. `clip` is in CSS pixels of the viewport.
 *
 *   const { png } = await executeServerCommand('screenshot', { clip: { x, y, width, height } });
 */
export function inputCommandsPlugin() {
  return {
    name: 'hub-kit-input-commands',
    async executeCommand({ command, payload = {}, session }) {
      // The model-based tests' settings, from the environment of the run (npm run soak sets them).
      if (command === 'model-options') {
        const number = (name) => (process.env[name] ? Number(process.env[name]) : undefined);
        return { runs: number('HUB_MODEL_RUNS'), seed: number('HUB_MODEL_SEED'), path: process.env.HUB_MODEL_PATH, replay: process.env.HUB_MODEL_REPLAY };
      }
      if (command === 'screenshot') {
        if (session.browser.type !== 'playwright') throw new Error(`screenshot: only in Chromium (Playwright), not ${session.browser.type}`);
        const page = session.browser.getPage(session.id);
        const png = await page.screenshot({ clip: payload.clip, animations: 'disabled', caret: 'hide' });
        return { png: png.toString('base64') };
      }
      if (command !== 'hold-key') return undefined;
      const key = String(payload.key ?? 'Enter');
      const repeats = Math.max(0, Number(payload.repeats ?? 10));
      const intervalMs = Math.max(0, Number(payload.intervalMs ?? 50));
      const type = session.browser.type;
      if (type === 'playwright' || type === 'puppeteer') {
        const page = session.browser.getPage(session.id);
        await page.keyboard.down(key);
        for (let i = 0; i < repeats; i++) {
          await new Promise((resolve) => setTimeout(resolve, intervalMs));
          await page.keyboard.down(key);
        }
        await page.keyboard.up(key);
        return true;
      }
      if (type === 'webdriver') {
        // WebDriver names keys by code point: U+E007 is Enter.
        const value = key === 'Enter' ? '\uE007' : key;
        // The launcher runs one session at a time (concurrency 1), on this driver.
        const { driver } = session.browser;
        for (let i = 0; i <= repeats; i++) {
          if (i) await new Promise((resolve) => setTimeout(resolve, intervalMs));
          await driver.performActions([{ type: 'key', id: 'keyboard', actions: [{ type: 'keyDown', value }] }]);
        }
        await driver.performActions([{ type: 'key', id: 'keyboard', actions: [{ type: 'keyUp', value }] }]);
        await driver.releaseActions();
        return true;
      }
      throw new Error(`hold-key: no way to hold a key in ${type}`);
    },
  };
}
