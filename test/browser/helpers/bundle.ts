/**
 * The page of a suite that tests the built dist/hub-kit.js against the stand-in on another
 * origin, as a creator's site meets the service. Called inside the suite's `describe`:
 * before it, the service starts (under the suite's `remote` name) and the loader loads,
 * fetching the files of `preload` first; after each test the page is online again, the
 * service is back and what `form()` mounted is gone. The loader defines a tag once one
 * appears on the page (its load() defines nothing): a test waits for that, as form() does.
 */
import { expect } from 'chai';
import type { HubKitTag } from '../../../components/script-tag/hub-kit.js';
import { mount, newBase, type remoteStandIn } from './forms.js';
import { setOffline } from './network.js';

const LOADER = '/dist/hub-kit.js';

export function bundlePage(remote: ReturnType<typeof remoteStandIn>, { preload = [] as HubKitTag[] } = {}) {
  let origin = '';
  const mounted: Element[] = [];
  const removedAfterTest = <T extends Element>(el: T): T => {
    mounted.push(el);
    return el;
  };

  before(async () => {
    ({ url: origin } = (await remote('start'))!);
    expect(new URL(origin).origin).not.to.equal(location.origin);
    const kit = (await import(/* @vite-ignore */ LOADER)) as typeof import('../../../components/script-tag/hub-kit.js');
    await Promise.all(preload.map((tag) => kit.load(tag)));
  });
  afterEach(async () => {
    setOffline(false);
    await remote('start');
    for (const el of mounted.splice(0)) el.remove();
  });

  return {
    /** The service's origin, once the suite has started it. */
    origin: () => origin,
    /** A fresh sandbox of the service: a base-url no other test shares. */
    base: () => newBase(origin),
    /** Mounts `<tag>`, once the loader has defined it, and removes it after the test. */
    async form<T extends HTMLElement & { updateComplete: Promise<boolean> }>(tag: string, attrs: Record<string, string>): Promise<T> {
      return removedAfterTest(await mount<T>(tag, attrs));
    },
    /** Removes `el`, which the test put on the page itself, after the test. */
    removedAfterTest,
  };
}
