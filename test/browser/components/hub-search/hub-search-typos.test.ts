/**
 * What a visitor sees when they misspell as they type, on the demo Hub served by the
 * stand-in: the titles listed, read from the shadow DOM as rendered.
 */
import { expect } from 'chai';
import type { HubSearch } from '../../../../components/hub-search/hub-search.js';
import { newSandbox } from '../../helpers/sandbox.js';
import { mountReady, typeAll } from '../../helpers/search.js';

const mounted: Element[] = [];

/** The titles listed, in order, as text. */
const titles = (el: HubSearch) =>
  [...el.shadowRoot!.querySelectorAll('[role="option"] [part="title"]')].map((t) => t.textContent!.trim());

/** Types `text` as keys would and reads the titles listed for all of it. */
async function typeAndRead(el: HubSearch, text: string): Promise<string[]> {
  await typeAll(el, text);
  return titles(el);
}

describe('<hub-search> with typos, on the demo Hub', () => {
  let el: HubSearch;

  before(async () => {
    el = await mountReady('demo', newSandbox().baseUrl, mounted);
  });
  after(() => {
    for (const m of mounted.splice(0)) m.remove();
  });

  it('"habbit" lists the habit posts, before the word is finished', async () => {
    const list = await typeAndRead(el, 'habbit');
    expect(list.length).to.be.greaterThan(3);
    for (const title of list) expect(title).to.match(/habit/i);
    // The matched word is marked, though it was typed wrong.
    expect(el.shadowRoot!.querySelector('[role="option"] mark')!.textContent!.toLowerCase()).to.equal('habits');
  });

  it('"habbit tracker" still lists the habit posts: a word no post has does not empty the list', async () => {
    const list = await typeAndRead(el, 'habbit tracker');
    expect(list.slice(0, 4).every((title) => /habit/i.test(title)), list.join(' | ')).to.equal(true);
  });

  it('"csae" lists the quiet-case posts: two letters swapped in a short word are forgiven', async () => {
    const list = await typeAndRead(el, 'csae');
    expect(list.length).to.be.greaterThan(3);
    for (const title of list) expect(title).to.match(/\bcase\b/i);
  });

  it('"writng routine" lists the writing posts', async () => {
    const list = await typeAndRead(el, 'writng routine');
    expect(list.slice(0, 4).every((title) => /writing/i.test(title)), list.join(' | ')).to.equal(true);
  });
});
