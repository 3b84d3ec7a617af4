import { createApp } from 'vue';
import 'hub-kit/hub-kit.css';
import 'hub-kit/signup-form/define';
import App from './App.vue';

createApp(App).mount('#app');
