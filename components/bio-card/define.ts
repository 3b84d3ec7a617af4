import { BioCard } from './bio-card.js';

BioCard.define();

export { BioCard };
