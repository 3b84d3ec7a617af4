/**
 * What a visitor finds by what a post says rather than by its title: entries whose longer
 * text the service sends as `content` or `body`, on a tenant of the stand-in, read from the
 * shadow DOM as rendered.
 */
import { expect } from 'chai';
import type { HubSearch } from '../../../../components/hub-search/hub-search.js';
import { newSandbox } from '../../helpers/sandbox.js';
import { mountReady, typeAll } from '../../helpers/search.js';

const mounted: Element[] = [];

/** The options listed, in order, as their visible text. */
const options = (el: HubSearch) => [...el.shadowRoot!.querySelectorAll('[role="option"]')].map((o) => o.textContent!.replace(/\s+/g, ' ').trim());

/** Types `text` as keys would and reads the options listed for all of it. */
async function typeAndRead(el: HubSearch, text: string): Promise<string[]> {
  await typeAll(el, text);
  return options(el);
}

describe('<hub-search> finds a post by what it says', () => {
  let el: HubSearch;

  before(async () => {
    const sandbox = newSandbox();
    await sandbox.addTenant({
      slug: 'longform',
      search_index: [
        { id: 'printer', type: 'post', title: 'Printer configuration', url: '/hub/posts/printer', excerpt: 'Queues, drivers and paper sizes.' },
        {
          id: 'links',
          type: 'post',
          title: 'Symbolic links',
          url: '/hub/posts/links',
          excerpt: 'A shortcut that lives in the file system.',
          body: 'A symbolic link is a pointer to another file, followed whenever the link is opened.',
        },
        {
          id: 'raid',
          type: 'post',
          title: 'RAID for a home server',
          url: '/hub/posts/raid',
          excerpt: 'Two drives that mirror each other.',
          content: 'Each disk holds a full copy, so one disk can fail.',
        },
        { id: 'boss', type: 'post', title: 'Raid boss guide', url: '/hub/posts/boss', excerpt: 'A game night.' },
        // A note without a title, as a site of short posts has them.
        { id: 'note', type: 'note', title: '', url: '/hub/notes/1', excerpt: 'Rain on the window, tea going cold.', content: 'Rain on the window, tea going cold.' },
      ],
    });
    el = await mountReady('longform', sandbox.baseUrl, mounted);
  });
  after(() => {
    for (const m of mounted.splice(0)) m.remove();
  });

  it('"pointer opened" lists the post whose text says both first, above a title one typo away, and shows its excerpt, not its text', async () => {
    const list = await typeAndRead(el, 'pointer opened');
    expect(list[0]).to.contain('Symbolic links');
    expect(list[0]).to.contain('A shortcut that lives in the file system.');
    expect(list.join(' ')).not.to.contain('pointer to another file');
  });

  it('an untitled note reads by its excerpt in the title\'s place, once', async () => {
    await typeAll(el, 'tea cold');
    const option = el.shadowRoot!.querySelector('[role="option"]')!;
    const title = option.querySelector('[part="title"]')!;
    expect(title.textContent!.replace(/\s+/g, ' ').trim()).to.equal('Rain on the window, tea going cold.');
    // Seen: the line has a height, and the words are not said twice.
    expect(title.getBoundingClientRect().height).to.be.greaterThan(0);
    expect(option.textContent!.split('Rain on the window').length - 1).to.equal(1);
    // The matched words are marked in it.
    expect([...title.querySelectorAll('mark')].map((m) => m.textContent)).to.deep.equal(['tea', 'cold']);
  });

  it('"raid dsik", typed, lists the RAID post first: a swap in a short word is forgiven', async () => {
    const list = await typeAndRead(el, 'raid dsik');
    expect(list[0]).to.contain('RAID for a home server');
  });
});
