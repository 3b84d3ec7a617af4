import { html } from 'lit';

/** The profile the server-rendered fixture page carries. */
export const SSR_FIXTURE_BIO = {
  name: 'Ada Example',
  handle: 'ada',
  avatar_url: 'https://example.com/ada.png',
  bio: 'Writes about engines.\nAnswers every letter.',
  links: [
    { title: 'Newsletter', url: 'https://example.com/newsletter' },
    { title: 'Write to me', url: 'mailto:ada@example.com' },
  ],
  socials: [{ network: 'mastodon', url: 'https://social.example/@ada' }],
};

/**
 * The whole page a static site generator would write: the card rendered with its data,
 * and the script that loads hydration support before the element.
 */
export async function ssrPage(renderToString: (template: unknown) => Promise<string>): Promise<string> {
  const card = await renderToString(
    html`<bio-card tenant="demo" data=${JSON.stringify(SSR_FIXTURE_BIO)}></bio-card>`,
  );
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Server-rendered bio card</title>
  </head>
  <body>
    <main>
      ${card}
    </main>
    <script type="module" src="/test/browser/ssr/bio-card-ssr-page.ts"></script>
  </body>
</html>
`;
}
