// Framework mode, rendered on the server for each request.
export default { ssr: true };
