// No adapter: `vite preview` serves the build with server rendering. To deploy, add the
// adapter of your host (adapter-node, adapter-vercel…) here.
export default { kit: {} };
