import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

// Vue's template compiler must know that dashed tags are custom elements, not components.
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.includes('-') } } })],
});
