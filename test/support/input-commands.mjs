/**
 * Real keyboard input the test runner's own commands cannot give in every engine: a key
 * held down, so that the engine sends its repeated keydowns (`event.repeat` true) the way
 * a visitor's keyboard does.
 *
 *   await executeServerCommand('hold-key', { key: 'Enter', repeats: 20, intervalMs: 50 });
 *
 * Chromium (Playwright) and Firefox (Puppeteer) press the key again while it is down, which
 * both mark as a repeat; WebKit goes through WebDriver actions, whose keyDown of a key that
 * is already down is a repeat by the WebDriver spec.
 */
export function inputCommandsPlugin() {
  return {
    name: 'hub-kit-input-commands',
    async executeCommand({ command, payload = {}, session }) {
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
