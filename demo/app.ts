/**
 * The npm way: an app imports the classes, registers the tags it uses and builds its page
 * with them, listening to the elements' typed events.
 *
 * In a project that installed the package these imports read `hub-kit/bio-card/define`,
 * `hub-kit/signup-form/define` and `hub-kit/hub-search/define`.
 */
import { BioCard } from '../components/bio-card/bio-card.js';
import '../components/signup-form/define.js';
import '../components/hub-search/define.js';

BioCard.define();

const app = document.getElementById('app')!;

const card = document.createElement('bio-card');
card.tenant = 'demo';
card.headingLevel = 1;

const signup = document.createElement('signup-form');
signup.setAttribute('form', 'demo-form');
signup.setAttribute('source', 'links-page');

const search = document.createElement('hub-search');
search.setAttribute('tenant', 'demo');

const heading = document.createElement('h2');
heading.textContent = 'Find a letter';

const thanks = document.createElement('p');
thanks.className = 'thanks';
thanks.hidden = true;

card.addEventListener('bio-card-load', (event) => {
  document.title = `${event.detail.bio.name} · Links`;
});
document.addEventListener('signup-form-success', () => {
  thanks.textContent = 'Thank you! The next letter is on its way to your inbox.';
  thanks.hidden = false;
});

app.append(card, signup, thanks, heading, search);
