/**
 * The stand-in in the test runner: mounted in its Koa server for same-origin tests, and
 * `remote-stand-in` server command for tests that need the service on another origin, or
 * need it to go away and come back (offline to online, in every browser).
 */
import { createStandIn } from '../../src/stand-in/handler.ts';
import http from 'node:http';
import { toNodeHandler } from '../../src/stand-in/node.ts';

const STAND_IN_PATH = /^\/(api\/|__stand-in|__sandbox\/)/;

/** Koa middleware that hands stand-in paths to the Node handler and lets the rest through. */
export function standInMiddleware() {
  const handler = toNodeHandler(createStandIn());
  return async (ctx, next) => {
    if (!STAND_IN_PATH.test(ctx.path)) return next();
    ctx.respond = false;
    await new Promise((resolve) => {
      ctx.res.once('finish', resolve);
      ctx.res.once('close', resolve);
      handler(ctx.req, ctx.res, () => {
        ctx.respond = true;
        resolve(next());
      });
    });
  };
}

/**
 * executeServerCommand('remote-stand-in', { action: 'start' | 'stop', name? }) -> { url }
 *
 * Each name gets its own stand-in instance on its own port, so browsers running at the same
 * time never stop each other's service. `stop` closes the port (requests fail as network
 * errors); `start` again reopens the same URL with the same state.
 */
export function remoteStandInPlugin() {
  const remotes = new Map();
  return {
    name: 'remote-stand-in',
    async executeCommand({ command, payload = {} }) {
      if (command !== 'remote-stand-in') return undefined;
      const name = String(payload.name ?? 'default');
      let remote = remotes.get(name);
      if (!remote) {
        remote = { handler: toNodeHandler(createStandIn()), port: 0, server: undefined, url: undefined };
        remotes.set(name, remote);
      }
      if (payload.action === 'stop') {
        if (remote.server) await close(remote.server);
        remote.server = undefined;
        return { url: remote.url };
      }
      if (payload.action !== 'start') throw new Error(`remote-stand-in: unknown action ${payload.action}`);
      if (!remote.server) {
        remote.server = await listen(remote.handler, remote.port);
        remote.port = remote.server.address().port;
        remote.url = `http://127.0.0.1:${remote.port}`;
      }
      return { url: remote.url };
    },
    async serverStop() {
      for (const remote of remotes.values()) if (remote.server) await close(remote.server);
    },
  };
}

function listen(handler, port) {
  return new Promise((resolve, reject) => {
    const server = http.createServer((req, res) => handler(req, res));
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** Closes the port at once: keep-alive sockets too, so the next request really fails. */
function close(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
