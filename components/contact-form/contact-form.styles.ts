import { css } from 'lit';
import { hubFormStyles } from '../shared/hub-form.styles.js';
import { tokens } from '../shared/tokens.styles.js';

export const contactFormStyles = [tokens, hubFormStyles, css``];
