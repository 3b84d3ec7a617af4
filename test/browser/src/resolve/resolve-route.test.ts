/**
 * The resolve recipe: a Hub page that resolves its own path and shows a post, a page or a
 * resource, follows a redirect, or says "not found", against the stand-in's seeded paths.
 */
import { expect } from 'chai';
import type AxeCore from 'axe-core';
import 'axe-core/axe.js';
import { HubClient } from '../../../../src/api/hub-client.js';
import { hubPath, resolveRoute } from '../../../../src/resolve/resolve-route.js';
import { showHubPage } from '../../../../demo/hub/hub-page.js';
import { newSandbox, type Sandbox } from '../../helpers/sandbox.js';

const axe = (globalThis as unknown as { axe: typeof AxeCore }).axe;

describe('resolve recipe', () => {
  let sandbox: Sandbox;
  let client: HubClient;
  let root: HTMLElement;

  beforeEach(() => {
    sandbox = newSandbox();
    client = new HubClient({ baseUrl: sandbox.baseUrl });
    root = document.createElement('main');
    document.body.append(root);
  });
  afterEach(() => root.remove());

  it('is accessible', async () => {
    await showHubPage(root, { pathname: '/hub/posts/ten-questions-about-podcasting-answered' }, { client, tenant: 'demo' });
    const result = await axe.run(root, { resultTypes: ['violations'] });
    expect(result.violations.map((v) => v.id)).to.deep.equal([]);
  });

  describe('defaults', () => {
    it('reads the Hub path under /hub', () => {
      expect(hubPath('/hub/posts/a/')).to.equal('posts/a');
      expect(hubPath('/hub')).to.equal('');
      expect(hubPath('/hub/')).to.equal('');
      expect(hubPath('/site/hub/x', '/site/hub')).to.equal('x');
      expect(hubPath('/hub/caf%C3%A9')).to.equal('café');
    });
  });

  describe('when the path is a post, a page or a resource', () => {
    it('shows each with its title as text', async () => {
      const post = await showHubPage(root, { pathname: '/hub/posts/ten-questions-about-podcasting-answered' }, { client, tenant: 'demo' });
      expect(post).to.include({ kind: 'post', title: 'Ten questions about podcasting, answered' });
      expect(root.querySelector('h1')!.textContent).to.equal('Ten questions about podcasting, answered');

      const page = await showHubPage(root, { pathname: '/hub/pages/about' }, { client, tenant: 'demo' });
      expect(page).to.have.property('kind', 'page');
      expect(root.querySelector('[data-kind="page"]')).to.exist;

      const resource = await showHubPage(root, { pathname: '/hub/resources/demo-guide' }, { client, tenant: 'demo' });
      expect(resource).to.include({ kind: 'resource', title: 'The starter guide' });
      expect(root.querySelector('signup-form')!.getAttribute('resource')).to.equal('demo-guide');
    });
  });

  describe('when the path moved', () => {
    it('follows the redirect', async () => {
      const followed: string[] = [];
      const route = await showHubPage(root, { pathname: '/hub/old/welcome' }, { client, tenant: 'demo', navigate: (url) => followed.push(url) });
      expect(route).to.have.property('kind', 'redirect');
      expect(followed).to.have.length(1);
      expect(new URL(followed[0]!).pathname).to.equal('/hub/posts/ten-questions-about-podcasting-answered');
    });

    it('never follows a redirect to javascript:', async () => {
      const followed: string[] = [];
      const route = await showHubPage(root, { pathname: '/hub/go/evil' }, { client, tenant: 'hostile', navigate: (url) => followed.push(url) });
      expect(route).to.have.property('kind', 'not-found');
      expect(followed).to.deep.equal([]);
      expect(root.querySelector('script')).to.equal(null);
    });
  });

  describe('when nothing lives at the path', () => {
    it('says not found and offers search', async () => {
      const route = await showHubPage(root, { pathname: '/hub/nothing-here' }, { client, tenant: 'demo' });
      expect(route).to.deep.equal({ kind: 'not-found', path: 'nothing-here' });
      expect(root.querySelector('[data-kind="not-found"] h1')!.textContent).to.equal('Nothing lives here');
      expect(root.querySelector('hub-search')).to.exist;
      const result = await axe.run(root, { resultTypes: ['violations'] });
      expect(result.violations.map((v) => v.id)).to.deep.equal([]);
    });
  });

  describe('when asked twice', () => {
    it('answers from the cache, in the bio+resolve budget', async () => {
      await resolveRoute(client, 'demo', 'pages/about');
      await resolveRoute(client, 'demo', 'pages/about');
      expect(await sandbox.requests('/resolve/pages/about', 'GET')).to.have.length(1);
    });
  });
});
