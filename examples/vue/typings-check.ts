/**
 * Type-checked with the examples (`tsc -p examples`), never run: the props vue-tsc sees for
 * hub-kit's tags in templates.
 */
import type { GlobalComponents } from 'vue';
import type {} from 'hub-kit/vue';

type SignupProps = InstanceType<GlobalComponents['signup-form']>['$props'];
type SearchProps = InstanceType<GlobalComponents['hub-search']>['$props'];

export const accepted: SignupProps = {
  baseUrl: 'https://hub.example.com',
  form: 'demo-form',
  'name-field': true,
  onSignupFormSuccess: (event) => event.detail.data.email,
};
export const search: SearchProps = { tenant: 'demo', limit: 5, onHubSearchSelect: (event) => event.detail };

// @ts-expect-error: limit is a number
export const wrongType: SearchProps = { limit: {} };
// @ts-expect-error: bio-card has no such event
export const wrongEvent: InstanceType<GlobalComponents['bio-card']>['$props'] = { onSignupFormSuccess: () => undefined };
