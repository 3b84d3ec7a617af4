import { SignupForm } from './signup-form.js';

SignupForm.define();
