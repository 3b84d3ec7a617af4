import { ContactForm } from './contact-form.js';

ContactForm.define();
