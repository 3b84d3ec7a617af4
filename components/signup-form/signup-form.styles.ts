import { hubFormStyles } from '../shared/hub-form.styles.js';

export const signupFormStyles = hubFormStyles;
