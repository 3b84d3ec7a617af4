import { Component, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import type { FormSuccessDetail } from 'hub-kit';
// Registers <signup-form>, and tells TypeScript its properties and events: with
// strictTemplates, Angular types `$event` of (signup-form-success) from them.
import 'hub-kit/signup-form/define';

@Component({
  selector: 'app-root',
  // The kit's tags are custom elements, not Angular components.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>My newsletter</h1>
      <signup-form form="demo-form" base-url="http://127.0.0.1:8787" (signup-form-success)="onSuccess($event)"></signup-form>
      @if (subscribed()) {
        <p role="status">Thanks, {{ subscribed() }} is on the list.</p>
      }
    </main>
  `,
})
export class App {
  readonly subscribed = signal<string | null>(null);

  onSuccess(event: CustomEvent<FormSuccessDetail>): void {
    this.subscribed.set(event.detail.data.email);
  }
}
